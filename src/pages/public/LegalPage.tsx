/**
 * A titled text page made of sections from the legal pages' dictionary (privacy notice, terms of
 * use). That dictionary is a chunk of its own in the build, loaded when such a page opens: the
 * sign-in page carries none of it. Until it is in, the page shows the public loading line.
 */
import { useEffect, useState } from 'react';
import { getLang } from '../../i18n/lang';
import { loadLegalLanguage, pairReady } from '../../i18n/languageParts';
import { legalStrings } from '../../i18n/public/legal/strings';
import { legalText, t } from './i18n';
import type { LegalKey } from './i18n';
import { PublicShell } from './PublicShell';

export type LegalSection = { title: LegalKey; body: LegalKey };

type LegalPageProps = { title: LegalKey; intro: LegalKey; sections: readonly LegalSection[] };

export const LegalPage = ({ title, intro, sections }: LegalPageProps) => {
  const lang = getLang();
  const [ready, setReady] = useState(() => pairReady(legalStrings, lang));
  useEffect(() => {
    if (ready) return undefined;
    let live = true;
    void loadLegalLanguage(lang).then(() => { if (live) setReady(true); });
    return () => { live = false; };
  }, [lang, ready]);
  if (!ready) {
    return (
      <PublicShell title={t('loading')}>
        <div className="pub-loading" role="status">
          <span className="pub-spinner" aria-hidden="true" />
          {t('loading')}
        </div>
      </PublicShell>
    );
  }
  return (
    <PublicShell title={legalText(title)}>
      <article className="pub-text">
        <h1>{legalText(title)}</h1>
        <p className="pub-lead">{legalText(intro)}</p>
        {sections.map((section) => (
          <section key={section.title}>
            <h2>{legalText(section.title)}</h2>
            <p>{legalText(section.body)}</p>
          </section>
        ))}
      </article>
    </PublicShell>
  );
};
