/** /404: where the admin sends unknown paths; the home link lets the admin decide between /home and /login. */
import { Link } from 'react-router';
import { t } from './i18n';
import { PublicShell } from './PublicShell';

export const NotFound = () => (
  <PublicShell title={t('not_found.title')} variant="card">
    <div className="pub-card pub-center">
      <p className="pub-code" aria-hidden="true">404</p>
      <h1>{t('not_found.title')}</h1>
      <p>{t('not_found.body')}</p>
      <Link to="/" className="pub-button">{t('not_found.home')}</Link>
    </div>
  </PublicShell>
);
