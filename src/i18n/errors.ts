/**
 * Texts of the server's stable error keys (src/schema/api.ts MESSAGES), once for every admin screen:
 * the keys no area owns (./baseErrors.ts, which the public pages read alone) and every area's, from
 * the areas' tables of messages. English is the server's own text in polyglot's placeholder syntax;
 * Chinese must name every key (the type says so).
 */
import type { MessageKey } from '../schema/api';
import { MESSAGES } from '../schema/api';
import { textsOf } from '../schema/engine/texts';
import { AREA_MESSAGES } from '../schema/messages';
import { baseErrorsZh, polyglot } from './baseErrors';

export const errorsEn = polyglot(MESSAGES) as Record<MessageKey, string>;

export const errorsZh: Record<MessageKey, string> = {
  ...baseErrorsZh,
  // The areas' own messages (src/schema/messages.ts), in polyglot's placeholder syntax.
  ...polyglot(textsOf(AREA_MESSAGES, 'zh')),
};
