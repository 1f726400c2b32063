/**
 * The Molds area's permission resources (API path patterns, as `ums_resource.url`), with their
 * names in English and Chinese: ../resources.ts places them in their category.
 */
import type { ResourceDecl } from '../resources';

export const MOLD_RESOURCES: readonly ResourceDecl[] = [
  { name: 'Die-cutting molds', zh: '刀模', url: '/mold/**', seller: true },
];
