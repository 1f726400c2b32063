/**
 * English / 中文 switch of the app bar. The choice is stored under `lang` and the page reloads
 * (spec section 2), so every part of the page, public pages included, reads the same language.
 */
import Translate from '@mui/icons-material/Translate';
import Button from '@mui/material/Button';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { useState } from 'react';
import { useLocale, useTranslate } from 'react-admin';
import { browserPage } from '../admin/browserPage';
import type { Lang } from '../i18n/lang';
import { LANGS, setLang } from '../i18n/lang';

export const switchLanguage = (lang: Lang, current: string): void => {
  if (lang === current) return;
  setLang(lang);
  browserPage.reload();
};

export const LanguageSwitch = () => {
  const translate = useTranslate();
  const locale = useLocale();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);

  return (
    <>
      <Button
        color="inherit"
        startIcon={<Translate />}
        aria-label={translate('app.language.label')}
        aria-haspopup="menu"
        aria-expanded={anchor !== null}
        onClick={(event) => setAnchor(event.currentTarget)}
        sx={{ textTransform: 'none', minWidth: 0 }}
      >
        {translate(`app.language.${locale}`)}
      </Button>
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
