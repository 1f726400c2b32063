/** Business limits, declared once so the server and the admin's forms refuse the same input. */

export { DEFAULT_MAX_ROWS, NAME_LENGTH } from './engine/limits';

/** Uploads: jpg or png, checked by content; up to 10 MB. */
export const UPLOAD_RULES = { mimeTypes: ['image/jpeg', 'image/png'], extensions: ['jpg', 'jpeg', 'png'], maxBytes: 10 * 1024 * 1024 } as const;

/** Price tiers and category filter attributes: up to three, at least one left. */
export const MAX_TIERS = 3;

/** Stock of -1 means unlimited. */
export const UNLIMITED_STOCK = -1;

/** Lists: `pageSize` defaults to 10 in the admin (5 in `mall`), at most 200. */
export const PAGE_SIZE = { default: 5, max: 200, choices: [10, 20, 50, 100] } as const;

/** Category levels 1 and 2 (0 and 1 in `mall`'s `level`). */
export const CATEGORY_LEVELS = [0, 1] as const;
