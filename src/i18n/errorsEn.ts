/**
 * The English texts of the server's stable error keys (src/schema/api.ts MESSAGES): the server's own
 * text in polyglot's placeholder syntax. Chinese is ./errorsZh.ts, a module of its own, so each
 * reader's texts carry one language.
 */
import type { MessageKey } from '../schema/api';
import { MESSAGES } from '../schema/api';
import { polyglot } from './baseErrors';

export const errorsEn = polyglot(MESSAGES) as Record<MessageKey, string>;
