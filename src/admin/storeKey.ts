/**
 * The prefix of react-admin's preference store in local storage (`RaStore<key>.*`), in a module of
 * its own: the early requests read the lists' stored parameters without loading react-admin.
 */
export const ADMIN_STORE_KEY = 'marketplace-admin';
