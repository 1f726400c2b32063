/**
 * Limits of the sign-in and registration forms, declared once: the server builds its zod
 * schemas from them and the public pages check them before sending (without loading zod,
 * which would cost the login page its size budget).
 */
export const USERNAME_LENGTH = { min: 2, max: 64 } as const;
export const PASSWORD_LENGTH = { min: 6, max: 128 } as const;
export const EMAIL_MAX_LENGTH = 100;
export const INVITE_CODE_PATTERN = /^[A-Za-z0-9]{4,32}$/;
/** Loose on purpose: the server's check is the authority; this catches typos before sending. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/** Local storage key holding the invite code of the link a visitor arrived with. */
export const INVITE_CODE_KEY = 'code';
