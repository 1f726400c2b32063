/**
 * The admin's own dictionaries in both languages, as pairs (./languageParts.ts: the built admin
 * loads the reader's language only). react-admin's English (ra-language-english) lies under both
 * languages (src/providers/i18nProvider.ts), so its pair adds nothing to English.
 */
import { entityEn } from './entities/en';
import { entityZh } from './entities/zh';
import { en } from './en';
import { languagePair } from './languageParts';
import { raZh } from './ra-zh';
import { zh } from './zh';

/** react-admin's own messages over its English: the Chinese translation. */
export const reactAdminStrings = languagePair({}, raZh);
/** The generic entity screens'. */
export const entityStrings = languagePair(entityEn, entityZh);
/** The shell's (`app`, `menu`, `errors`, `pub`, …). */
export const shellStrings = languagePair(en, zh);
