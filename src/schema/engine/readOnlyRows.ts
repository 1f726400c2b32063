/**
 * A record a seller reads beyond its shops but may not change (a platform coupon that covers its
 * products: the area's `readableBeyondScope` hook, server/crud/hooks.ts) is answered with this key
 * set to true. Its screens show it without edit, delete, switches or row actions, marked
 * read-only; the server refuses any write to it as it does another shop's record (404).
 */
export const READ_ONLY_KEY = 'readOnly';

/** Whether a record is one the caller may only read. */
export const isReadOnlyRow = (record: Readonly<Record<string, unknown>> | undefined | null): boolean => record?.[READ_ONLY_KEY] === true;
