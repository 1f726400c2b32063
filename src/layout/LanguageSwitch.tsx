/**
 * English / 中文 switch of the app bar. The choice is stored under `lang` and the page reloads
 * so every part of the page, public pages included, reads the same language.
 * Unsaved edits are never dropped silently: the switch asks first, as leaving a changed form does.
 */
import Translate from '@mui/icons-material/Translate';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { useState } from 'react';
import type { MouseEvent } from 'react';
import { useLocale, useTranslate } from 'react-admin';
import { browserPage } from '../providers/browserPage';
import type { Lang } from '../i18n/lang';
import { LANGS, setLang } from '../i18n/lang';
import { useMobileNav } from './MobileNav';

/**
 * Whether leaving the page now would drop unsaved edits: asked the way the browser asks before a
 * reload. A changed form that warns about leaving (react-admin's warnWhenUnsavedChanges, on every
 * form page) cancels `beforeunload`; nothing else here does.
 */
const hasUnsavedEdits = (): boolean => {
  const probe = new Event('beforeunload', { cancelable: true });
  window.dispatchEvent(probe);
  return probe.defaultPrevented;
};

/**
 * Set once the user agreed to drop their edits: the reload that follows must not ask again. The
 * guard is registered when this module loads, before any form mounts, so it runs before the forms'
 * own `beforeunload` listeners (a window runs its listeners in the order they were added, capture
 * or not) and stops them.
 */
let leaveAgreed = false;
if (typeof window !== 'undefined') {
  window.addEventListener('beforeunload', (event) => {
    if (leaveAgreed) event.stopImmediatePropagation();
  });
}

const reloadWithoutAsking = (): void => {
  leaveAgreed = true;
  browserPage.reload();
};

/**
 * Stores the language and reloads; with unsaved edits on the page it first asks the question a
 * menu link asks when it leaves a changed form (`question`), and does nothing if the user stays.
 */
const switchLanguage = (lang: Lang, current: string, question = ''): void => {
  if (lang === current) return;
  const unsaved = hasUnsavedEdits();
  if (unsaved && !window.confirm(question)) return;
  setLang(lang);
  if (unsaved) reloadWithoutAsking();
  else browserPage.reload();
};

export const LanguageSwitch = () => {
  const translate = useTranslate();
  const locale = useLocale();
  const { isMobile } = useMobileNav();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const opener = {
    color: 'inherit' as const,
    'aria-label': translate('app.language.label'),
    'aria-haspopup': 'menu' as const,
    'aria-expanded': anchor !== null,
    onClick: (event: MouseEvent<HTMLElement>) => setAnchor(event.currentTarget),
  };

  return (
    <>
      {/* On a phone the app bar has room for the icon only. */}
      {isMobile ? <IconButton {...opener}><Translate /></IconButton> : (
        <Button {...opener} startIcon={<Translate />} sx={{ textTransform: 'none', minWidth: 0 }}>
          {translate(`app.language.${locale}`)}
        </Button>
      )}
      <Menu anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        {LANGS.map((lang) => (
          <MenuItem
            key={lang}
            selected={lang === locale}
            lang={lang === 'zh' ? 'zh-CN' : 'en'}
            onClick={() => { setAnchor(null); switchLanguage(lang, locale, translate('ra.message.unsaved_changes')); }}
          >
            {translate(`app.language.${lang}`)}
          </MenuItem>
        ))}
      </Menu>
    </>
  );
};
