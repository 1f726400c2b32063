/**
 * react-admin's preference store (sidebar open state, ...) in local storage under its own
 * prefix (`RaStoremarketplace-admin.*`), so it survives reloads and logouts and does not mix
 * with another react-admin app on the same origin.
 */
import { localStorageStore } from 'react-admin';
import { ADMIN_STORE_KEY } from './storeKey';

export { ADMIN_STORE_KEY };

export const createAdminStore = () => localStorageStore(undefined, ADMIN_STORE_KEY);
