/** The Home area's declarations, as ../areas.ts lists them: no entity; its figures are every signed-in account's. */
import { defineSchemaArea } from '../engine/area';
import { HOME_API } from './api';

export const homeSchema = defineSchemaArea({
  name: 'home',
  entities: {},
  selfService: [HOME_API.summary],
});
