/**
 * The admin's translations with every area's strings: the shell hands the areas' dictionaries to the
 * provider (providers import no area). Tests use these too, so they read the same labels as the app.
 */
import type { I18nProvider } from 'react-admin';
import type { Lang } from '../i18n/lang';
import { getLang } from '../i18n/lang';
import { adminMessages, createI18nProvider } from '../providers/i18nProvider';
import { AREAS } from '../resources';

const AREA_STRINGS = AREAS.flatMap((area) => (area.strings ? [area.strings] : []));

/** Both languages, fully merged (react-admin's, the shell's, the engine's and the areas'). */
export const ADMIN_MESSAGES = adminMessages(AREA_STRINGS);

export const createAdminI18nProvider = (lang: Lang = getLang()): I18nProvider => createI18nProvider(lang, AREA_STRINGS);
