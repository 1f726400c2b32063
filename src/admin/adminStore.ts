/**
 * react-admin's preference store (sidebar open state, ...) in local storage under its own
 * prefix (`RaStoremarketplace-admin.*`), so it survives reloads and logouts and does not mix
 * with another react-admin app on the same origin.
 */
import { localStorageStore } from 'react-admin';
import { getLang } from '../i18n/lang';
import { ADMIN_STORE_KEY } from './storeKey';

export { ADMIN_STORE_KEY };

export const createAdminStore = () => {
  const store = localStorageStore(undefined, ADMIN_STORE_KEY);
  // react-admin's I18nContextProvider draws nothing on its first pass, then everything a turn later,
  // unless the stored locale is already the i18n provider's. The language is ours,
  // fixed per page load (src/i18n/lang.ts, read by src/admin/i18n.ts too), so the store says it.
  store.setItem('locale', getLang());
  return store;
};
