/**
 * The frame of every public page: product name, language switch, the page, and links to the
 * legal pages. No admin layout, and nothing that needs the admin's bundle.
 */
import { useEffect } from 'react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { LanguageSwitch } from './LanguageSwitch';
import { t } from './i18n';

type PublicShellProps = {
  /** The page's own name, shown in the browser tab before the product name. */
  title: string;
  /** `card` centres a narrow form card (login, register); `page` is a readable text column. */
  variant?: 'card' | 'page';
  children: ReactNode;
};

export const PublicShell = ({ title, variant = 'page', children }: PublicShellProps) => {
  useEffect(() => {
    document.title = `${title} · ${t('app.title')}`;
  }, [title]);

  return (
    <div className="pub">
      <header className="pub-bar">
        <Link to="/homer" className="pub-brand">
          <Logo />
          <span>{t('app.title')}</span>
        </Link>
        <LanguageSwitch />
      </header>
      <main className={variant === 'card' ? 'pub-main pub-main-card' : 'pub-main'}>{children}</main>
      <footer className="pub-foot">
        <Link to="/privacy">{t('nav.privacy')}</Link>
        <Link to="/term">{t('nav.term')}</Link>
      </footer>
    </div>
  );
};

const Logo = () => (
  <svg viewBox="0 0 32 32" width="28" height="28" aria-hidden="true" focusable="false">
    <rect width="32" height="32" rx="8" fill="currentColor" />
    <path d="M8 23V10l8 8 8-8v13" fill="none" stroke="#fff" strokeWidth="3" strokeLinejoin="round" />
  </svg>
);
