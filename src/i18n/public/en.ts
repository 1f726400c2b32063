/**
 * English strings of the public pages (login, register, privacy, terms, landing, 404).
 * The public entry reads them through `src/pages/public/i18n.ts`; the admin merges them under
 * the `pub` namespace, so keys are snake_case, placeholders are `%{name}` and there are no
 * `||||` plural forms (the public helper does not implement them).
 */
import { baseErrorsEn } from '../baseErrors';

export const publicEn = {
  app: {
    title: 'Marketplace Admin',
    tagline: 'The back-office for sellers and administrators of the marketplace',
  },
  lang: {
    label: 'Language',
    en: 'English',
    zh: '中文',
  },
  nav: {
    home: 'Home',
    login: 'Sign in',
    register: 'Create an account',
    privacy: 'Privacy',
    term: 'Terms',
  },
  loading: 'Loading…',
  login: {
    title: 'Sign in',
    username: 'Username',
    password: 'Password',
    show_password: 'Show password',
    hide_password: 'Hide password',
    submit: 'Sign in',
    submitting: 'Signing in…',
    no_account: 'No account yet?',
    register_link: 'Create one',
  },
  register: {
    title: 'Create a seller account',
    username: 'Username',
    password: 'Password',
    confirm_password: 'Confirm password',
    email: 'Email',
    code: 'Invite code',
    code_hint: 'Optional. Filled in for you when you follow an invite link.',
    password_mismatch: 'The passwords do not match',
    submit: 'Create account',
    submitting: 'Creating account…',
    success: 'Account created. Taking you to sign in…',
    have_account: 'Already have an account?',
    login_link: 'Sign in',
  },
  // Every stable message key of src/schema/api.ts MESSAGES, so whatever the server answers reads in the visitor's language.
  errors: baseErrorsEn,
  homer: {
    headline: 'Run your shop on the marketplace',
    intro:
      'Marketplace Admin is where sellers and the marketplace team manage shops, products, orders, members and payments, in English or Chinese.',
    feature_shops_title: 'Shops and products',
    feature_shops_body: 'Open shops with a VIP membership, list products with categories, attributes and brands.',
    feature_orders_title: 'Orders and returns',
    feature_orders_body: 'Follow orders from payment to delivery, ship in batches and handle return requests.',
    feature_members_title: 'Members and referrals',
    feature_members_body: 'Keep your customers, merge duplicates, invite other sellers and track referral rewards.',
    feature_access_title: 'Roles and permissions',
    feature_access_body: 'Give every administrator exactly the menus and actions their role needs.',
    cta_login: 'Sign in',
    cta_register: 'Become a seller',
  },
  privacy: {
    title: 'Privacy notice',
    intro:
      'This notice explains what the marketplace back-office keeps about you, why, and what you can ask us to do with it.',
    accounts_title: 'Your account',
    accounts_body:
      'We keep your username, email address, a one-way hash of your password (never the password itself), your roles, the invite code you registered with and whether the account is enabled.',
    sessions_title: 'Sign-in sessions',
    sessions_body:
      'Each sign-in creates a session with its time, IP address and browser. Sessions let you stay signed in, end when you sign out or your password changes, and help us spot misuse.',
    audit_title: 'Audit log',
    audit_body:
      'Every change made in the back-office is recorded with who made it, when, and what changed. The log is used to resolve disputes and investigate security incidents.',
    shop_title: 'Shop data',
    shop_body:
      'Shops, products, orders, returns, members, payments and referral records (including the time, IP address and device of invite-link clicks) are stored to run the marketplace. Each seller sees only the data of their own shops.',
    browser_title: 'In your browser',
    browser_body:
      'The site stores your sign-in token, your language and an invite code in local storage. It uses no advertising or tracking cookies.',
    rights_title: 'Your choices',
    rights_body:
      'You can ask the marketplace operator to show, correct or delete your account data. Records the law or our accounting requires us to keep are kept for as long as required.',
  },
  term: {
    title: 'Terms of use',
    intro: 'These terms apply to every seller and administrator who uses the marketplace back-office.',
    account_title: 'Your account',
    account_body:
      'Keep your password secret and do not share your account. You are responsible for everything done with it; tell the operator at once if you think someone else has used it.',
    vip_title: 'VIP membership',
    vip_body:
      'Opening a shop needs a paid, unexpired VIP period. Prices are shown in US dollars before you pay; a new period starts when the current one ends.',
    selling_title: 'Selling',
    selling_body:
      'Describe products truthfully, sell only goods you may legally sell, and handle your orders, deliveries and returns on time.',
    use_title: 'Fair use',
    use_body:
      'Do not try to reach other sellers’ data, break the security of the service or overload it with automated requests.',
    end_title: 'Suspension and changes',
    end_body:
      'The operator may disable accounts that break these terms. We may update the terms and will show the new version here; continuing to use the back-office means you accept it.',
  },
  not_found: {
    title: 'Page not found',
    body: 'The page you asked for does not exist or has moved.',
    home: 'Back to the home page',
  },
} as const;

/** Turns every literal string of `T` into `string`, keeping the key structure. */
type Widen<T> = { -readonly [K in keyof T]: T[K] extends string ? string : Widen<T[K]> };

/** The shape every language of the public pages has: exactly the keys of the English file. */
export type PublicMessages = Widen<typeof publicEn>;
