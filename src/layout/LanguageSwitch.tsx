/**
 * English / 中文 switch of the app bar. The choice is stored under `lang` and the page reloads
 * (spec section 2), so every part of the page, public pages included, reads the same language.
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

export const switchLanguage = (lang: Lang, current: string): void => {
  if (lang === current) return;
  setLang(lang);
  browserPage.reload();
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
            onClick={() => { setAnchor(null); switchLanguage(lang, locale); }}
          >
            {translate(`app.language.${lang}`)}
          </MenuItem>
        ))}
      </Menu>
    </>
  );
};
