/**
 * The sign-in form's first draw: the page's own small script (an async module with no imports, so it
 * runs as soon as its few bytes are in, not after React, the router and the texts' chunk). On /login,
 * signed out, it writes the form ./Login.tsx renders, in the same elements and classes of
 * public.css, in the reader's language, so the form is on screen at about a bare page's time.
 *
 * The hand-over: React's first render of the page replaces it in one commit (`createRoot(...).render`
 * empties #root), and ./Login.tsx starts from what the person already did here (`takeLoginDraw`):
 * the values typed, the field that had the focus, and a press of Sign in, which it then performs.
 * (./loginHandOver.ts). Nothing typed is lost and the two forms are never on screen together. Until then the language
 * buttons work (they only store the choice and reload) and the links are plain links.
 *
 * Its texts are the public dictionary's (src/i18n/public/*.ts), copied here because importing the
 * dictionaries would make this script wait for them; a unit test fails when the two differ.
 */

type Lang = 'en' | 'zh';

/** The public dictionary's texts this form shows, by key (`login.title` as `login_title`). */
export const LOGIN_DRAW_TEXTS: Readonly<Record<Lang, Readonly<Record<string, string>>>> = {
  en: {
    app_title: 'Marketplace Admin', lang_label: 'Language', lang_en: 'English', lang_zh: '中文',
    login_title: 'Sign in', login_username: 'Username', login_password: 'Password', login_show_password: 'Show password',
    login_submit: 'Sign in', login_no_account: 'No account yet?', login_register_link: 'Create one',
    nav_privacy: 'Privacy', nav_term: 'Terms',
  },
  zh: {
    app_title: '商城管理后台', lang_label: '语言', lang_en: 'English', lang_zh: '中文',
    login_title: '登录', login_username: '用户名', login_password: '密码', login_show_password: '显示密码',
    login_submit: '登录', login_no_account: '还没有账号？', login_register_link: '立即注册',
    nav_privacy: '隐私', nav_term: '条款',
  },
};

/** The drawn form's marker, and the mark of a press of Sign in: read by ./loginHandOver.ts (a unit test holds the two together). */
const DRAWN = 'data-first-draw';
const SUBMITTED = 'data-submitted';

/** The reader's language: the rule of src/i18n/lang.ts `getLang` (stored choice, else the browser's). */
const langOf = (): Lang => {
  const stored = localStorage.getItem('lang');
  if (stored === 'en' || stored === 'zh') return stored;
  return navigator.language.toLowerCase().startsWith('zh') ? 'zh' : 'en';
};

const LOGO = '<svg viewBox="0 0 32 32" width="28" height="28" aria-hidden="true" focusable="false"><rect width="32" height="32" rx="8" fill="currentColor"></rect><path d="M8 23V10l8 8 8-8v13" fill="none" stroke="#fff" stroke-width="3" stroke-linejoin="round"></path></svg>';
const EYE = '<svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false"><path fill="none" stroke="currentColor" stroke-width="2" d="M1 12s4-7 11-7 11 7 11 7-4 7-11 7S1 12 1 12z"></path><circle cx="12" cy="12" r="3" fill="none" stroke="currentColor" stroke-width="2"></circle></svg>';

const escape = (text: string): string => text.replace(/[&<>"]/g, (c) => `&${({ '&': 'amp', '<': 'lt', '>': 'gt', '"': 'quot' } as Record<string, string>)[c]};`);

/** The form as ./Login.tsx, ./PublicShell.tsx, ./Field.tsx and ./LanguageSwitch.tsx render it. */
const formHtml = (lang: Lang): string => {
  const x = (key: string) => escape(LOGIN_DRAW_TEXTS[lang][key] ?? key);
  const field = (name: string, type: string, autoComplete: string, eye: boolean) => `<div class="pub-field"><label for="first-draw-${name}">${x(`login_${name}`)}</label><div class="pub-input">`
    + `<input id="first-draw-${name}" name="${name}" type="${type}" autocomplete="${autoComplete}"${name === 'username' ? ' autofocus' : ''}>`
    + (eye ? `<button type="button" class="pub-eye" aria-label="${x('login_show_password')}" aria-pressed="false" disabled>${EYE}</button>` : '')
    + '</div></div>';
  return '<div class="pub"><header class="pub-bar">'
    + `<a href="/homer" class="pub-brand">${LOGO}<span>${x('app_title')}</span></a>`
    + `<div class="pub-lang" role="group" aria-label="${x('lang_label')}">`
    + (['en', 'zh'] as const).map((l) => `<button type="button" lang="${l}" aria-pressed="${l === lang}" data-lang="${l}">${x(`lang_${l}`)}</button>`).join('')
    + '</div></header><main class="pub-main pub-main-card">'
    + `<form class="pub-card" novalidate ${DRAWN}="login">`
    + `<p class="pub-product">${x('app_title')}</p><h1>${x('login_title')}</h1>`
    + field('username', 'text', 'username', false) + field('password', 'password', 'current-password', true)
    + `<button type="submit" class="pub-button">${x('login_submit')}</button>`
    + `<p class="pub-switch">${x('login_no_account')} <a href="/register">${x('login_register_link')}</a></p>`
    + '</form></main><footer class="pub-foot">'
    + `<a href="/privacy">${x('nav_privacy')}</a><a href="/term">${x('nav_term')}</a>`
    + '</footer></div>';
};

/** Draws the form into #root when this is the signed-out sign-in page and nothing is drawn yet. */
export const drawLoginForm = (): void => {
  const root = document.getElementById('root');
  // Only the signed-out sign-in page, and only before React has drawn anything.
  if (!root || root.childElementCount > 0 || window.location.pathname !== '/login' || localStorage.getItem('loginToken')) return;
  const lang = langOf();
  document.title = `${LOGIN_DRAW_TEXTS[lang].login_title} · ${LOGIN_DRAW_TEXTS[lang].app_title}`;
  root.innerHTML = formHtml(lang);
  const form = root.querySelector('form')!;
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    form.setAttribute(SUBMITTED, '');
  });
  for (const button of root.querySelectorAll<HTMLButtonElement>('[data-lang]')) {
    button.addEventListener('click', () => {
      if (button.dataset.lang === lang) return;
      localStorage.setItem('lang', button.dataset.lang!);
      window.location.reload();
    });
  }
  root.querySelector<HTMLInputElement>('input[name="username"]')?.focus();
};

// Its tag follows #root in the page (vite.config.ts), so #root is there even before the rest is parsed.
if (typeof document !== 'undefined') drawLoginForm();
