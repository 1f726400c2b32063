/** Molds: plain declared records of a shop; each spends the shop owner's mold quota. */
import { defineArea } from '../area';
import { moldsMeter } from './meters';

export const moldArea = defineArea({ name: 'mold', meters: [moldsMeter] });
