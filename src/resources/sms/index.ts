/** Marketing (sms): home advertisements. */
import { defineArea } from '../../engine/area';
import { strings } from './strings';

export const smsArea = defineArea({
  name: 'sms',
  strings,
});
