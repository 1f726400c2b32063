/**
 * The seller's VIP level in local storage (`level`): written from every
 * `/admin/info` answer (the session's and the purchase page's fresh one), dropped with the session.
 * The server stays the judge of what a VIP may do; this copy is what the browser remembers.
 */

/** The local storage key of the level (beside `loginToken`, `code` and `lang`). */
const VIP_LEVEL_KEY = 'level';

export const rememberVipLevel = (level: unknown): void => {
  if (level === 0 || level === 1) localStorage.setItem(VIP_LEVEL_KEY, String(level));
};

export const forgetVipLevel = (): void => localStorage.removeItem(VIP_LEVEL_KEY);
