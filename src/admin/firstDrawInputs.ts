/**
 * The first-draw table (and home's first-draw texts) from what the admin itself uses: the merged messages of both languages and
 * the areas' screen options (their `hiddenColumns`). Read by the generator and its unit test only
 * (it loads every area's screen options); the page reads the generated table.
 */
import { loadScreenOptions } from '../resources';
import type { FirstDrawTable } from './firstDrawTypes';
import type { BothMessages, FirstDrawShellTexts, HomeDrawTexts } from './firstDrawPlan';
import { buildFirstDrawTable, firstDrawShellTexts, homeDrawTexts } from './firstDrawPlan';
import { ADMIN_MESSAGES } from './i18n';

export const firstDrawInputs = async (): Promise<{ readonly table: FirstDrawTable; readonly shell: FirstDrawShellTexts; readonly home: HomeDrawTexts }> => {
  const options = await loadScreenOptions();
  const hidden = Object.fromEntries(Object.entries(options).map(([name, option]) => [name, option?.hiddenColumns ?? []]));
  const messages = ADMIN_MESSAGES as unknown as BothMessages;
  return { table: buildFirstDrawTable(messages, hidden), shell: firstDrawShellTexts(messages), home: homeDrawTexts(messages) };
};
