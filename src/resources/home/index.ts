/** Home (src/pages/home): the dashboard's strings; its components load with the home page (./HomeDashboard.tsx). */
import { defineArea } from '../../engine/area';
import { strings } from './strings';

export const homeArea = defineArea({
  name: 'home',
  strings,
});
