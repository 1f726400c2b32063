/**
 * react-admin's view of the session. Signing in happens on the public login page (it stores
 * `loginToken`), so this provider only checks for the token, reads `GET /admin/info` once per
 * page load, and answers `canAccess` from the menus the server grants (the server decides; this only hides)
 * and, for actions, from the API resources it reports (`resources`, Ant patterns).
 */
import type { AuthProvider, UserIdentity } from 'react-admin';
import { browserPage } from './browserPage';
import { clearForbidden, markForbidden } from './forbiddenSignal';
import type { ApiMatcher } from '../schema/access';
import { accessApiPath, apiMatcher, entityAccessRoute } from '../schema/access';
import type { AdminInfo, AdminProfile, MenuItem } from '../schema/api';
import { MESSAGES, ResultCode } from '../schema/api';
import { ApiError, apiFetch, clearToken, getToken } from './api';
import { dropPendingFeedback, httpClient, reportHttpError, requestLogoutConfirmation } from './httpClient';
import type { MenuModel } from './menus';
import { buildMenuModel } from './menus';
import { forgetVipLevel, rememberVipLevel } from './vipLevel';

export const LOGIN_PATH = '/login';

/** What `/admin/info` says about the signed-in admin, with the menu rules already applied. */
export type AdminSession = {
  readonly username: string;
  readonly icon: string | null;
  readonly nickName: string | null;
  readonly email: string | null;
  /** The language of the admin's mail (null or absent: English). */
  readonly language?: AdminProfile['language'];
  readonly note: string | null;
  /** The IANA zone the caller's days are counted in (a seller's shop's, else the platform's); null when not answered. */
  readonly timeZone?: string | null;
  /** Whose zone that is: the seller's shop's or the platform's. */
  readonly timeZoneSource?: 'shop' | 'platform';
  readonly roles: readonly string[];
  readonly menus: readonly MenuItem[];
  readonly model: MenuModel;
  /** Ant patterns of the API resources held; undefined when the server does not report them. */
  readonly resources: readonly string[] | undefined;
  /** Whether the server would let this admin call an API path (by `resources`). */
  readonly canCall: ApiMatcher;
};

// One /admin/info per page load and token: every menu, route gate and identity read shares it.
let cache: { token: string; session: Promise<AdminSession> } | null = null;
// The cached session once it has answered: the shell's first draw reads it without waiting a turn.
let settled: { session: Promise<AdminSession>; value: AdminSession } | null = null;
// Why the last token was dropped here (an account without roles): later reads, which find no
// token, keep saying so instead of a bare "not signed in".
let refusal: ApiError | null = null;

const fetchSession = async (): Promise<AdminSession> => {
  const { data } = await httpClient<Partial<AdminInfo> | null>('/admin/info');
  // `mall` leaves `roles` out for an admin without roles; such an account may not use the admin.
  if (!data || !Array.isArray(data.roles) || data.roles.length === 0) {
    clearToken();
    const error = new ApiError(MESSAGES.roles_required, ResultCode.failed, 200, 'roles_required');
    refusal = error;
    reportHttpError(error);
    throw error;
  }
  rememberVipLevel(data.vipLevel);
  const menus = Array.isArray(data.menus) ? data.menus : [];
  const resources = Array.isArray(data.resources) ? data.resources.filter((p): p is string => typeof p === 'string') : undefined;
  const canCall = apiMatcher(resources);
  return {
    username: data.username ?? '',
    icon: data.icon ?? null,
    nickName: data.nickName ?? null,
    email: data.email ?? null,
    language: data.language ?? null,
    note: data.note ?? null,
    timeZone: typeof data.timeZone === 'string' ? data.timeZone : null,
    timeZoneSource: data.timeZoneSource === 'shop' ? 'shop' : 'platform',
    roles: data.roles,
    menus,
    model: buildMenuModel(menus, canCall),
    resources,
    canCall,
  };
};

/** The signed-in admin's session, fetched once per page load (a new token fetches again). */
export const loadAdminSession = (): Promise<AdminSession> => {
  const token = getToken();
  if (!token) {
    // Not a server answer: no toast and no 401 dialog, the route guard sends the visitor to /login.
    return Promise.reject(refusal ?? new ApiError(MESSAGES.unauthorized, 0, 0, 'unauthorized'));
  }
  refusal = null;
  if (cache?.token === token) return cache.session;
  const session = fetchSession();
  cache = { token, session };
  keepSettled(session);
  // A failed read is not kept: the next render may try again (e.g. after a network blip).
  session.catch(() => {
    if (cache?.session === session) cache = null;
  });
  return session;
};

const keepSettled = (session: Promise<AdminSession>): void => {
  session.then((value) => {
    if (cache?.session === session) settled = { session, value };
  }, () => undefined);
};

/**
 * The signed-in admin's session if its read has already answered for the current token, else
 * null. The shell hands it to react-admin's first draw (src/admin/queryClient.ts), which would
 * otherwise draw a loading state and wait a turn for each of its auth reads.
 */
export const loadedAdminSession = (): AdminSession | null => {
  const token = getToken();
  return token && cache?.token === token && settled?.session === cache.session ? settled.value : null;
};

/** What react-admin's `getIdentity` shows of a session: the nickname when there is one (the name people chose to be shown by). */
export const identityOf = (session: AdminSession): UserIdentity =>
  ({ id: session.username, fullName: session.nickName?.trim() || session.username, avatar: session.icon ?? undefined });

/** The caller's profile as saved (the answer of the profile update): the app bar shows it without reading `/admin/info` again. */
export const rememberProfile = (profile: AdminProfile): void => {
  if (!cache) return;
  const { nickName, email, language, icon, note } = profile;
  cache = { token: cache.token, session: cache.session.then((session) => ({ ...session, nickName, email, language, icon, note })) };
  keepSettled(cache.session);
};

/** Forgets the token and the cached session (the 401 dialog's "log in again" and logout use it). */
export const endSession = (): void => {
  clearToken();
  forgetVipLevel();
  cache = null;
  settled = null;
  refusal = null;
  clearForbidden();
  dropPendingFeedback();
};

/** Tells the server, ends the session locally and loads the login page afresh, so nothing of the last session stays in memory. */
export const logoutAndReload = async (): Promise<void> => {
  // The server only drops its session; a failure must not keep the user signed in here.
  await apiFetch('/admin/logout', { method: 'POST' }).catch(() => undefined);
  endSession();
  browserPage.load(LOGIN_PATH);
};

/**
 * `resource` is a route or section name of `src/schema/routes.ts` or an entity name (react-admin's
 * buttons and pages ask with that; a declared action is `action:<name>`).
 * - routes and entities need the menus' grant of the route (an entity's declaration names it);
 * - entity actions also need a resource pattern matching the API path the action calls, so a
 *   button the server would refuse is not shown; a declared action needs that pattern alone;
 * - anything else is denied.
 */
export const sessionCanAccess = (session: Pick<AdminSession, 'model' | 'canCall'>, resource: string, action: string): boolean => {
  const path = accessApiPath(resource, action);
  if (path === null) return false;
  if (path !== undefined && !session.canCall(path)) return false;
  if (path !== undefined && entityAccessRoute(resource, action) === undefined) return true;
  return session.model.allowed.has(entityAccessRoute(resource, action) ?? resource);
};

const codeOf = (error: unknown): number | undefined => {
  if (error instanceof ApiError) return error.code;
  const status = (error as { status?: unknown } | null)?.status;
  return typeof status === 'number' ? status : undefined;
};

export const authProvider: AuthProvider = {
  login: async () => undefined,

  logout: async () => {
    // Nobody signed in (react-admin's guard calls this for anonymous visits): let it redirect.
    if (!getToken()) return LOGIN_PATH;
    await logoutAndReload();
    return false;
  },

  checkAuth: async () => {
    if (!getToken()) throw { redirectTo: LOGIN_PATH, message: false };
  },

  checkError: async (error: unknown) => {
    const code = codeOf(error);
    if (code === ResultCode.unauthorized) {
      // A 401 asks the user (log in again or stay); it never logs out by itself, so unsaved work is not lost.
      if (error instanceof ApiError) reportHttpError(error);
      else requestLogoutConfirmation();
      return;
    }
    if (code === ResultCode.forbidden) {
      // The toast already carries the server's message; keep the session and the URL, and show
      // "access denied" in place of the screen.
      markForbidden();
      throw { logoutUser: false, message: false };
    }
  },

  getIdentity: async (): Promise<UserIdentity> => {
    return identityOf(await loadAdminSession());
  },

  getPermissions: () => loadAdminSession(),

  canAccess: async ({ resource, action }) => sessionCanAccess(await loadAdminSession(), resource, action),
};
