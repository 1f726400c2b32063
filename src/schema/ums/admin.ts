/**
 * Admin accounts as the engine serves them (`/list?keyword`, `/{id}`, `/create`, `/update/{id}`,
 * `/delete/{id}`, `/updateStatus/{id}?status=`): one declaration drives the routes, the admin
 * list, its forms, validation and the data provider. What is special lives in the ums area's
 * hooks (server/areas/ums/admins.ts): names compared regardless of case, password rules, roles on
 * create (at least one: no account is ever left without a role) and the `roles` of every answer, the permission ceiling, no deleting or disabling
 * yourself or the last super admin, sessions ended by a new password or a disabled account.
 */
import { z } from 'zod';
import { EMAIL_MAX_LENGTH, EMAIL_PATTERN, MAIL_LANGUAGE_OPTIONS, PASSWORD_LENGTH, SIGN_IN_LENGTH, USERNAME_LENGTH } from '../auth-rules';
import { dateTime, defineEntity, enumeration, flag, image, int, json, longText, password, references, text } from '../engine/entity';

/** An optional email: empty, or an address (the field may be left blank). */
const OPTIONAL_EMAIL = new RegExp(`^$|${EMAIL_PATTERN.source}`);

export const adminAccount = defineEntity({
  name: 'admin', path: '/admin', table: 'ums_admin', tenant: null, display: 'username',
  // An account's sessions, grants, group place and referral links are its parts (server/areas/ums
  // refuses deleting yourself or the last super admin; shops it owned stay, ownerless).
  owns: [
    { table: 'ums_admin_session', column: 'admin_id', policy: 'cascade' },
    { table: 'ums_admin_role_relation', column: 'admin_id', policy: 'cascade' },
    { table: 'ums_user_group_member', column: 'admin_id', policy: 'cascade' },
    { table: 'rms_click', column: 'seller_id', policy: 'cascade' },
    { table: 'rms_ratio', column: 'referrer_id', policy: 'cascade' },
    { table: 'rms_relation', column: 'referrer_id', policy: 'cascade' },
    { table: 'rms_relation', column: 'referee_id', policy: 'cascade' },
  ],
  menu: { route: 'admin' },
  search: { param: 'keyword', fields: ['username', 'nickName'], maxLength: 100 },
  defaultSort: { field: 'id', order: 'ASC' },
  // As the hand-written routes were: read-only keys posted back are refused, not ignored.
  strictBody: true,
  batch: [{ kind: 'set', path: '/updateStatus/{id}', field: 'status' }],
  fields: {
    // Any stored name reads back (an imported `mall` name may predate the rules); a new or changed
    // one meets USERNAME_LENGTH and USERNAME_PATTERN and is unique regardless of case, after NFKC
    // folding: the area checks that (server/areas/ums/admins.ts, 409 username_taken).
    username: text({ required: true, length: [SIGN_IN_LENGTH.username.min, USERNAME_LENGTH.max], list: true }),
    nickName: text({ length: [0, 200], list: true }),
    email: text({ length: [0, EMAIL_MAX_LENGTH], pattern: OPTIONAL_EMAIL, list: true }),
    // The language of the mail the account gets (VIP results, password changes; none: English; server/jobs/outbox.ts).
    language: enumeration(MAIL_LANGUAGE_OPTIONS),
    // The account's roles as the list and the record answer them (`code`: built-in roles only).
    roles: json(z.array(z.object({ id: z.number().int(), name: z.string(), code: z.string().nullable() })), { serverManaged: true, virtual: true, list: true }),
    // Hashed, never read back; required on create, and an empty value on update keeps the stored one.
    password: password({ required: true, length: [PASSWORD_LENGTH.min, PASSWORD_LENGTH.max] }),
    note: longText({ length: [0, 500] }),
    // The avatar the app bar shows (`mall`'s `icon`).
    icon: image(),
    createTime: dateTime({ auto: 'create', list: true }),
    loginTime: dateTime({ serverManaged: true, list: true }),
    status: flag({ default: 1, list: true, toggle: '/updateStatus/{id}' }),
    // A seller's own invite code and who invited them (self-registration, server/areas/account).
    inviteCode: text({ serverManaged: true, detailOnly: true }),
    referrerId: int({ serverManaged: true, detailOnly: true }),
    // Roles given on create, at least one (an account without a role opens nothing: the server never
    // keeps one, server/areas/ums); later changes go through the `updateRoles` action (the "assign roles" dialog).
    roleIds: json(z.array(z.number().int().positive().max(2_147_483_647)).min(1, { message: 'role_required' }).max(100), {
      virtual: true, immutable: true, required: true, requiredMessage: 'role_required',
    }),
  },
  actions: {
    roles: { on: 'row', path: '/role/{adminId}', writes: false, summary: 'The roles of an admin' },
    updateRoles: {
      on: 'row', path: '/role/update', idParam: 'adminId', writes: true, button: false,
      summary: 'Replace the roles of an admin (only roles the caller holds may be added)',
      params: { roleIds: references('role', 'name', { required: true }) },
    },
  },
});

/**
 * What a signed-in admin may change about their own account (`PROFILE_API.update`): these fields
 * of the account declaration, with its rules, and nothing else (no name, status, roles or password).
 */
export const adminProfile = defineEntity({
  name: adminAccount.name, path: adminAccount.path, table: adminAccount.table, tenant: null, display: 'nickName', menu: adminAccount.menu,
  fields: {
    nickName: adminAccount.fields.nickName,
    email: adminAccount.fields.email,
    language: adminAccount.fields.language,
    icon: adminAccount.fields.icon,
    note: adminAccount.fields.note,
  },
});

/**
 * Self-service endpoints of the signed-in admin (every account may call them, whatever its roles):
 * `mall` has none for the profile. `update` takes the profile fields (selective, strict) and answers
 * the caller's profile; `uploadAvatar` stores one image like `/minio/upload`, for accounts without
 * upload rights too (bounded by their storage quota and upload rate).
 */
export const PROFILE_API = {
  update: '/admin/updateProfile',
  uploadAvatar: '/admin/uploadAvatar',
} as const;
