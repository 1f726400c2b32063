/**
 * The Chinese texts of the server's stable error keys (src/schema/api.ts MESSAGES): the keys no area
 * owns (./baseErrorsZh.ts) and every area's, from the areas' tables of messages. Must name every key
 * (the type says so). English is ./errorsEn.ts.
 */
import type { MessageKey } from '../schema/api';
import { textsOf } from '../schema/engine/texts';
import { AREA_MESSAGES } from '../schema/messages';
import { polyglot } from './baseErrors';
import { baseErrorsZh } from './baseErrorsZh';

export const errorsZh: Record<MessageKey, string> = {
  ...baseErrorsZh,
  // The areas' own messages (src/schema/messages.ts), in polyglot's placeholder syntax.
  ...polyglot(textsOf(AREA_MESSAGES, 'zh')),
};
