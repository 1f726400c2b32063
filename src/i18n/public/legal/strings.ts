/**
 * The legal pages' texts in both languages: a pair (../../languageParts.ts) of its own, so the
 * built site loads them, in the reader's language only, when a legal page opens.
 */
import { languagePair } from '../../languageParts';
import { legalEn } from './en';
import { legalZh } from './zh';

export const legalStrings = languagePair(legalEn, legalZh);
