/** /term: the basic terms for sellers and administrators. */
import { LegalPage } from './LegalPage';
import type { LegalSection } from './LegalPage';

const SECTIONS: readonly LegalSection[] = (['account', 'vip', 'selling', 'use', 'end'] as const).map(
  (name) => ({ title: `term.${name}_title`, body: `term.${name}_body` }),
);

export const Term = () => <LegalPage title="term.title" intro="term.intro" sections={SECTIONS} />;
