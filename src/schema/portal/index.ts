/**
 * The shop front's declarations, as ../areas.ts lists them: no entity of its own (its buyers are
 * the shops' members, its catalog the shops' products); its server messages in both languages.
 */
import { defineSchemaArea } from '../engine/area';
import { PORTAL_MESSAGES } from './messages';

export const portalSchema = defineSchemaArea({
  name: 'portal',
  entities: {},
  messages: PORTAL_MESSAGES,
});
