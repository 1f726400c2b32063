/**
 * English texts of the legal pages (/privacy, /term): a dictionary of their own, loaded by those
 * pages only (./strings.ts), so the sign-in page carries none of it. Same rules as ../en.ts.
 */
export const legalEn = {
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
} as const;

/** Turns every literal string of `T` into `string`, keeping the key structure. */
type Widen<T> = { -readonly [K in keyof T]: T[K] extends string ? string : Widen<T[K]> };

/** The shape every language of the legal pages has: exactly the keys of the English file. */
export type LegalMessages = Widen<typeof legalEn>;
