/** en / 中文 switch. The choice is stored and the page reloads, so nothing re-renders in place. */
import { getLang, LANGS, setLang } from '../../i18n/lang';
import type { Lang } from '../../i18n/lang';
import { t } from './i18n';

export const LanguageSwitch = () => {
  const active = getLang();
  const choose = (lang: Lang) => {
    if (lang === active) return;
    setLang(lang);
    window.location.reload();
  };
  return (
    <div className="pub-lang" role="group" aria-label={t('lang.label')}>
      {LANGS.map((lang) => (
        <button key={lang} type="button" lang={lang} aria-pressed={lang === active} onClick={() => choose(lang)}>
          {t(`lang.${lang}`)}
        </button>
      ))}
    </div>
  );
};
