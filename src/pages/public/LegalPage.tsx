/** A titled text page made of sections from the dictionary (privacy notice, terms of use). */
import { t } from './i18n';
import type { PublicKey } from './i18n';
import { PublicShell } from './PublicShell';

export type LegalSection = { title: PublicKey; body: PublicKey };

type LegalPageProps = { title: PublicKey; intro: PublicKey; sections: readonly LegalSection[] };

export const LegalPage = ({ title, intro, sections }: LegalPageProps) => (
  <PublicShell title={t(title)}>
    <article className="pub-text">
      <h1>{t(title)}</h1>
      <p className="pub-lead">{t(intro)}</p>
      {sections.map((section) => (
        <section key={section.title}>
          <h2>{t(section.title)}</h2>
          <p>{t(section.body)}</p>
        </section>
      ))}
    </article>
  </PublicShell>
);
