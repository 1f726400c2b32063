/**
 * Server messages areas declare beside their entities (`defineMessages`, ./messageTable.ts): each
 * key's English and Chinese in one table in the area's own declaration files
 * (`src/schema/smsMessages.ts`), instead of one entry in each of two shared lists. The English
 * joins MESSAGES (./api.ts), the Chinese the admin's error texts (src/i18n/errors.ts); a new
 * area adds its table here.
 */
import type { AreaMessages } from './messageTable';
import { SMS_MESSAGES } from './smsMessages';

/** Every area's messages. */
export const AREA_MESSAGES = { ...SMS_MESSAGES } as const satisfies AreaMessages;
