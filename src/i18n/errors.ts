/**
 * Texts of the server's stable error keys (src/schema/api.ts MESSAGES) in both languages, for the
 * tests: the admin reads each language from its own module (./errorsEn.ts, ./errorsZh.ts), so a
 * reader's texts carry one language.
 */
export { errorsEn } from './errorsEn';
export { errorsZh } from './errorsZh';
