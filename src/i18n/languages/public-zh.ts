/**
 * Filled by the production build (scripts/splitLanguages.ts): the zh halves of the public texts' pairs
 * (src/i18n/languageParts.ts). Empty in the source, where every pair holds both languages.
 */
export {};
