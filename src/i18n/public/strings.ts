/**
 * The public pages' texts in both languages: a pair (../languageParts.ts), so the built login page
 * loads the reader's language only.
 */
import { languagePair } from '../languageParts';
import { publicEn } from './en';
import { publicZh } from './zh';

export const publicStrings = languagePair(publicEn, publicZh);
