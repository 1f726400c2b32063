/**
 * The one place that names the admin shell's chunk. The `*` route renders it lazily, and the
 * login form starts the same import when it submits, so the download overlaps the sign-in
 * request (the module cache makes the second import free).
 */
export const loadAdmin = () => import('../../admin/AdminApp');
