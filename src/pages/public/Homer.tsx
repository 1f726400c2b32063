/** /homer: the public landing page; says what the back-office is and leads to sign-in or sign-up. */
import { Link } from 'react-router';
import { t } from './i18n';
import { PublicShell } from './PublicShell';

const FEATURES = ['shops', 'orders', 'members', 'access'] as const;

export const Homer = () => (
  <PublicShell title={t('nav.home')}>
    <section className="pub-hero">
      <h1>{t('homer.headline')}</h1>
      <p className="pub-lead">{t('homer.intro')}</p>
      <div className="pub-actions">
        <Link to="/login" className="pub-button">{t('homer.cta_login')}</Link>
        <Link to="/register" className="pub-button pub-button-ghost">{t('homer.cta_register')}</Link>
      </div>
    </section>
    <ul className="pub-features">
      {FEATURES.map((name) => (
        <li key={name}>
          <h2>{t(`homer.feature_${name}_title`)}</h2>
          <p>{t(`homer.feature_${name}_body`)}</p>
        </li>
      ))}
    </ul>
  </PublicShell>
);
