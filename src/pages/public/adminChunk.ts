/**
 * The one place that names the admin shell's chunk. The `*` route renders it lazily, and the
 * login form starts the same import when it submits, so the download overlaps the sign-in
 * request (the module cache makes the second import free).
 */
export const loadAdmin = () => import('../../admin/AdminApp');

/**
 * The opened admin screen's first requests (the session and its data), started beside the shell's
 * download: a small chunk with the route -> first-request table, which loads the declarations and
 * the data provider only for what the table cannot settle (src/admin/earlyStart.ts).
 */
export const startAdminRequests = (location: { pathname: string; search: string; hash: string }): Promise<void> =>
  import('../../admin/earlyStart').then((m) => m.startScreenRequestsEarly(location)).catch(() => undefined);
