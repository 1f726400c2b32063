/**
 * Server messages and menu titles the areas declare beside their entities (`defineMessages`,
 * `defineTexts`, ./engine/texts.ts): each key's English and Chinese in one table in the area's own
 * folder (`src/schema/<area>/messages.ts`, `menu.ts`), joined here from the list of areas
 * (./areas.ts). The English messages join MESSAGES (./api.ts), the Chinese the admin's error
 * texts (src/i18n/errors.ts); the seed and the English strings take the menu titles' English
 * (./builtins.ts), src/i18n/zh.ts the Chinese.
 */
import { SCHEMA_AREAS } from './areas';
import type { MenuTitlesOf, MessagesOf } from './engine/area';
import { joinDistinct } from './engine/join';
import type { AreaMessages } from './engine/texts';

/** Every area's messages. */
export const AREA_MESSAGES = joinDistinct<AreaMessages[string]>(SCHEMA_AREAS.flatMap((area) => ('messages' in area ? [[area.name, area.messages] as const] : [])), 'message') as MessagesOf<typeof SCHEMA_AREAS> satisfies AreaMessages;

/** Every area's menu titles (section and route names as in ./routes.ts). */
export const AREA_MENU_TITLES = joinDistinct<AreaMessages[string]>(SCHEMA_AREAS.flatMap((area) => ('menuTitles' in area ? [[area.name, area.menuTitles] as const] : [])), 'menu title') as MenuTitlesOf<typeof SCHEMA_AREAS> satisfies AreaMessages;
