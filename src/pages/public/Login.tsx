/**
 * /login: plain elements and public.css instead of MUI, to keep the page's JS under its budget
 * (bench/size.ts measures it). Flow: check the fields, POST /admin/login, keep `tokenHead + token`,
 * then GET /admin/info and require roles; the first screen's data and the admin's code meanwhile
 * (to home: its first draw, then the admin's code).
 */
import { useEffect, useRef, useState } from 'react';
import type { FormEvent } from 'react';
import { Link, Navigate, useLocation, useNavigate } from 'react-router';
import { apiFetch, clearToken, getToken, setToken, startEarlyGet } from '../../providers/api';
import type { AdminInfo, LoginResult } from '../../schema/api';
import { SIGN_IN_LENGTH } from '../../schema/auth-rules';
import { HOME_API } from '../../schema/home/api';
import { PUBLIC_PATHS } from '../../schema/publicPaths';
import { startScreenRequestsEarly } from '../../admin/earlyStart';
import type { HomeDraw } from '../../admin/homeFirstDraw';
import { HOME_PATHS } from '../../admin/homePaths';
import { loadAdmin } from './adminChunk';
import { Field } from './Field';
import { errorText, t } from './i18n';
import { takeLoginDraw } from './loginHandOver';
import { PublicShell } from './PublicShell';
import { checkPassword, checkText, firstInvalid, hasErrors } from './validate';
import type { FieldErrors } from './validate';

/** Router state /login understands: ours (`from`, `username` after registering) and react-admin's (`nextPathname`). */
export type LoginState = {
  from?: string | { pathname: string; search?: string };
  nextPathname?: string;
  nextSearch?: string;
  username?: string;
};

type LoginField = 'username' | 'password';
const FIELDS: readonly LoginField[] = ['username', 'password'];

/** Where to go after signing in: back where the visitor was sent from, if that is a safe admin path. */
export const afterLoginPath = (state: LoginState | null | undefined): string => {
  const from = state?.from;
  const path = typeof from === 'string' ? from
    : from ? `${from.pathname}${from.search ?? ''}`
    : state?.nextPathname ? `${state.nextPathname}${state.nextSearch ?? ''}`
    : '/';
  // Same-origin paths only ("//host" is another origin), and never a public page: /login would loop.
  if (!path.startsWith('/') || path.startsWith('//')) return '/';
  const pathname = path.split(/[?#]/)[0];
  return (PUBLIC_PATHS as readonly string[]).includes(pathname) ? '/' : path;
};

/** Signing in to home, the longest the admin's code waits for home's first draw to paint. */
const SHELL_WAIT_MS = 1_000;

const hasRoles = (info: AdminInfo | null | undefined): boolean => Array.isArray(info?.roles) && info.roles.length > 0;

export const Login = () => {
  const navigate = useNavigate();
  const state = useLocation().state as LoginState | null;
  // Decided once on arrival: the token this form stores mid-flow must not trigger the redirect.
  const [signedIn] = useState(() => getToken() !== null);
  // What was typed on the form's first draw (./loginFirstDraw.ts), read before this render replaces it.
  const [drawn] = useState(takeLoginDraw);
  const [values, setValues] = useState({ username: drawn?.username || state?.username || '', password: drawn?.password ?? '' });
  const formRef = useRef<HTMLFormElement>(null);
  const resubmitted = useRef(false);
  // Sign in pressed on the first draw: pressed again here, once, now that the form can act on it.
  useEffect(() => {
    if (!drawn?.submitted || resubmitted.current) return;
    resubmitted.current = true;
    formRef.current?.requestSubmit();
  }, [drawn]);
  const [errors, setErrors] = useState<FieldErrors<LoginField>>({});
  const [alert, setAlert] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  if (signedIn) return <Navigate to="/" replace />;

  const change = (field: LoginField) => (value: string) => {
    setValues((previous) => ({ ...previous, [field]: value }));
    if (errors[field]) setErrors((previous) => ({ ...previous, [field]: undefined }));
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const found: FieldErrors<LoginField> = {
      username: checkText(values.username, SIGN_IN_LENGTH.username),
      password: checkPassword(values.password, SIGN_IN_LENGTH.password),
    };
    setErrors(found);
    setAlert(null);
    if (hasErrors(found)) {
      const first = firstInvalid(FIELDS, found);
      if (first) (form.elements.namedItem(first) as HTMLInputElement | null)?.focus();
      return;
    }

    setBusy(true);
    const next = afterLoginPath(state);
    const target = new URL(next, window.location.origin);
    const toHome = HOME_PATHS.includes(target.pathname);
    // To home, its figures are drawn from the summary before the admin's code runs (homeFirstDraw),
    // and the shell's chunks are fetched and run after that draw has painted: running them is the
    // longest task of a sign-in, and run first it held the figures back. To another screen, the shell
    // downloads while the server checks the password.
    const homeDraw = toHome ? import('../../admin/homeFirstDraw').catch(() => null) : null;
    let shell = toHome ? null : loadAdmin().catch(() => null);
    let drawn: HomeDraw | null = null;
    try {
      const login = await apiFetch<LoginResult>('/admin/login', {
        body: { username: values.username.trim(), password: values.password },
      });
      setToken(`${login.data.tokenHead}${login.data.token}`);
      // Started for the admin too: its session read takes this answer, and the first screen's data
      // leaves now, beside the roles check (an account without roles, refused below, is answered
      // "forbidden" there and never sees it).
      const session = startEarlyGet<AdminInfo>('/admin/info');
      const summary = toHome ? startEarlyGet(HOME_API.summary) : null;
      summary?.catch(() => undefined);
      if (!toHome) startScreenRequestsEarly(target);
      const info = await session;
      if (!hasRoles(info.data)) {
        // A user without roles could open nothing in the admin: do not keep the session.
        clearToken();
        setAlert(t('errors.roles_required'));
        setBusy(false);
        return;
      }
      if (summary && homeDraw) {
        drawn = (await homeDraw)?.drawHomeFigures(summary, [window.location.pathname]) ?? null;
        // A slow summary does not hold the admin back for long: its frame is on screen meanwhile.
        if (drawn) await Promise.race([drawn.painted, new Promise((resolve) => { setTimeout(resolve, SHELL_WAIT_MS); })]);
      }
      shell ??= loadAdmin().catch(() => null);
      void shell.then((admin) => admin?.preloadScreen(target.pathname));
      await shell;
      navigate(next, { replace: true });
    } catch (error) {
      drawn?.remove();
      clearToken();
      setAlert(errorText(error));
      setBusy(false);
    }
  };

  return (
    <PublicShell title={t('login.title')} variant="card">
      <form ref={formRef} className="pub-card" onSubmit={submit} noValidate aria-busy={busy}>
        <p className="pub-product">{t('app.title')}</p>
        <h1>{t('login.title')}</h1>
        {alert && <div className="pub-alert" role="alert">{alert}</div>}
        <Field
          name="username"
          label={t('login.username')}
          value={values.username}
          onChange={change('username')}
          error={errors.username}
          autoComplete="username"
          autoFocus={drawn?.focus ? drawn.focus === 'username' : !values.username}
        />
        <Field
          name="password"
          type="password"
          label={t('login.password')}
          value={values.password}
          onChange={change('password')}
          error={errors.password}
          autoComplete="current-password"
          autoFocus={drawn?.focus ? drawn.focus === 'password' : Boolean(values.username)}
        />
        <button type="submit" className="pub-button" disabled={busy}>
          {busy && <span className="pub-spinner" aria-hidden="true" />}
          {busy ? t('login.submitting') : t('login.submit')}
        </button>
        <p className="pub-switch">
          {t('login.no_account')} <Link to="/register">{t('login.register_link')}</Link>
        </p>
      </form>
    </PublicShell>
  );
};
