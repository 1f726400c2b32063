/** Members: member levels (more screens come with the members issue). */
import { defineArea } from '../../engine/area';
import { strings } from './strings';

export const memberArea = defineArea({
  name: 'member',
  strings,
});
