/**
 * English strings of the public pages (login, register, landing, 404; the legal pages' are ./legal/en.ts).
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
