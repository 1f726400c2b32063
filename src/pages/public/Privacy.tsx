/** /privacy: what the back-office keeps (accounts, sessions, audit log, shop data) and why. */
import { LegalPage } from './LegalPage';
import type { LegalSection } from './LegalPage';

const SECTIONS: readonly LegalSection[] = (['accounts', 'sessions', 'audit', 'shop', 'browser', 'rights'] as const).map(
  (name) => ({ title: `privacy.${name}_title`, body: `privacy.${name}_body` }),
);

export const Privacy = () => <LegalPage title="privacy.title" intro="privacy.intro" sections={SECTIONS} />;
