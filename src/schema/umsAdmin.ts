/**
 * Admin accounts as the admin's screens see them. The server's `/admin` CRUD routes are
 * hand-written (password hashing; server/areas/ums/admins.ts) but follow the engine's
 * conventions (`/list?keyword`, `/{id}`, `/create`, `/update/{id}`, `/delete/{id}`,
 * `/updateStatus/{id}?status=`), so one declaration drives the admin list, its forms, validation
 * and the data provider. It is not in ENTITIES (the server generates no CRUD routes for it) but
 * in HAND_CRUD_ENTITIES: the engine serves its declared actions (the roles of an account).
 */
import { z } from 'zod';
import { EMAIL_MAX_LENGTH, EMAIL_PATTERN, PASSWORD_LENGTH, USERNAME_LENGTH } from './auth-rules';
import { dateTime, defineEntity, flag, image, json, longText, references, text } from './entity';

/** An optional email: empty, or an address (the field may be left blank). */
const OPTIONAL_EMAIL = new RegExp(`^$|${EMAIL_PATTERN.source}`);

export const adminAccount = defineEntity({
  name: 'admin', path: '/admin', table: 'ums_admin', tenant: null, display: 'username',
  menu: { section: 'ums', route: 'admin' },
  search: { param: 'keyword', fields: ['username', 'nickName'] },
  fields: {
    username: text({ required: true, length: [USERNAME_LENGTH.min, USERNAME_LENGTH.max], unique: true, list: true }),
    nickName: text({ length: [0, 200], list: true }),
    email: text({ length: [0, EMAIL_MAX_LENGTH], pattern: OPTIONAL_EMAIL, list: true }),
    // The account's roles as the list and the record answer them (`code`: built-in roles only).
    roles: json(z.array(z.object({ id: z.number().int(), name: z.string(), code: z.string().nullable() })), { serverManaged: true, virtual: true, list: true }),
    // Never read back: required on create, and an empty value on update keeps the stored one.
    password: text({ required: true, length: [PASSWORD_LENGTH.min, PASSWORD_LENGTH.max] }),
    note: longText({ length: [0, 500] }),
    // The avatar the app bar shows (`mall`'s `icon`).
    icon: image(),
    createTime: dateTime({ auto: 'create', list: true }),
    loginTime: dateTime({ serverManaged: true, list: true }),
    status: flag({ default: 1, list: true, toggle: '/updateStatus/{id}' }),
    // Roles given on create; later changes go through the `updateRoles` action (the "assign roles" dialog).
    roleIds: json(z.array(z.number().int().positive()), { virtual: true, immutable: true }),
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
