/**
 * The one place that names the admin shell's chunk. The `*` route renders it lazily, and the
 * login form starts the same import when it submits, so the download overlaps the sign-in
 * request (the module cache makes the second import free). Its import preloads the admin's few
 * chunks (MUI, react-admin, our shell with the entity screens: vite.config.ts) in one wave.
 */
export const loadAdmin = () => import('../../admin/AdminApp');
