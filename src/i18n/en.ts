/**
 * The admin's own English messages (react-admin's `ra.*` come from ra-language-english and are
 * merged in by `src/providers/i18nProvider.ts`). Placeholders are polyglot's `%{name}`; no
 * `||||` plural forms, so the Chinese file can mirror every key with one string.
 */
import { SEEDED_MENU_TITLES } from '../schema/builtins';
import { builtinEn } from './builtins';
import { errorsEn } from './errorsEn';
import { publicEn } from './public/en';

export const en = {
  app: {
    title: 'Marketplace Admin',
    breadcrumb: 'Breadcrumb',
    language: {
      label: 'Language',
      en: 'English',
      zh: '中文',
    },
    sidebar: {
      label: 'Main menu',
      open: 'Open menu',
      close: 'Close menu',
    },
    password: {
      title: 'Change password',
      old: 'Current password',
      new: 'New password',
      confirm: 'New password again',
      submit: 'Change password',
      mismatch: 'The two new passwords differ',
      changed: 'Password changed; your other sessions were signed out',
    },
    profile: {
      title: 'My profile',
      username: 'Signed in as %{username}',
    },
    user_menu: {
      home: 'Home',
      logout: 'Logout',
    },
    bottom_nav: 'Sections',
    bottom_more: 'More',
    home: {
      welcome: 'Welcome, %{name}',
      roles: 'Roles',
      shortcuts: 'Your sections',
      no_sections: 'No section is assigned to your roles yet. Ask an administrator for access.',
      open_section: 'Open %{name}',
    },
    not_available: 'This screen is not available yet.',
    /** A refused field inside a list, in an error text: "Logistics number (row 2)". */
    field_in_row: '%{field} (row %{row})',
    /** A long list's range while its exact total is on its way (server/crud/list-read.ts: `totalExact: false`). */
    list_total: {
      more_than: '%{from}-%{to} of more than %{bound}',
      about: '%{from}-%{to} of about %{estimate}',
    },
    access_denied: {
      title: 'Access denied',
      text: 'Your roles do not include this page. Ask an administrator if you need it.',
      home: 'Back to home',
    },
    logout_dialog: {
      title: 'Confirm logout',
      content: 'You have been logged out. You can cancel to stay on this page, or log in again.',
      confirm: 'Log in again',
      cancel: 'Cancel',
    },
    session_error: {
      title: 'The admin could not be opened',
      disabled_hint: 'Ask an administrator to enable it, then sign in again.',
      signed_out: 'You are signed out',
      no_roles: 'No role is assigned to this account yet',
      no_roles_hint: 'Ask an administrator to assign you a role, then sign in again.',
      login: 'Back to sign in',
      retry: 'Try again',
    },
  },
  /**
   * Titles of every route and section of src/schema/routes.ts (the sidebar, breadcrumb and page
   * titles): the English the seed writes into the menu table (src/schema/builtins.ts), and Home,
   * which has no menu row.
   */
  menu: { home: 'Home', ...SEEDED_MENU_TITLES },
  /**
   * Built-in records (seeded roles, resources, resource categories) while they keep their seeded
   * text: `builtin.<entity>.<key>.<field>` (src/i18n/builtins.ts). In English, the seeded texts.
   */
  builtin: builtinEn,
  /**
   * One text per stable message key of src/schema/api.ts (server errors are shown through these).
   * The keys the public pages translate are taken from them, so the sign-in page and the admin
   * word the same error the same way.
   */
  errors: errorsEn,
  /** The public pages' dictionary, so shared keys (and anything the admin links to) read the same. */
  pub: publicEn,
} as const;

/** Turns every literal string of `T` into `string`, keeping the key structure. */
type Widen<T> = { -readonly [K in keyof T]: T[K] extends string ? string : Widen<T[K]> };

/** The shape every language of the admin has: exactly the keys of this file. */
export type AdminMessages = Widen<typeof en>;
