/**
 * The one place that names the admin shell's chunk. The `*` route renders it lazily, and the
 * login form starts the same import when it submits, so the download overlaps the sign-in
 * request (the module cache makes the second import free). Its import preloads the admin's few
 * chunks (MUI, react-admin, our shell with the entity screens: vite.config.ts) in one wave, with
 * the reader's language's texts (src/i18n/languageParts.ts).
 */
import { getLang } from '../../i18n/lang';
import { loadAdminLanguage } from '../../i18n/languageParts';

/** The shell's chunk, once the reader's language's texts are in too (fetched beside it). */
export const loadAdmin = () => Promise.all([import('../../admin/AdminApp'), loadAdminLanguage(getLang())]).then(([admin]) => admin);
