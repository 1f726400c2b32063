/**
 * /register: a seller signs up, optionally with the invite code of the link they came from.
 * The code is kept in local storage (key `code`) so it survives the visitor
 * leaving and coming back to /register without the query.
 */
import { useEffect, useRef, useState } from 'react';
import type { FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { apiFetch, ApiError } from '../../providers/api';
import {
  EMAIL_MAX_LENGTH, EMAIL_PATTERN, INVITE_CODE_KEY, INVITE_CODE_PATTERN, normalizeUsername, PASSWORD_LENGTH, passwordProblem,
  USERNAME_LENGTH, usernameProblem,
} from '../../schema/auth-rules';
import { Field } from './Field';
import { errorText, fieldErrorText, t } from './i18n';
import type { LoginState } from './Login';
import { PublicShell } from './PublicShell';
import { firstInvalid, hasErrors, ruleText } from './validate';
import type { FieldErrors } from './validate';

type RegisterField = 'username' | 'password' | 'confirm' | 'email' | 'code';
const FIELDS: readonly RegisterField[] = ['username', 'password', 'confirm', 'email', 'code'];

/** How long the success message stays before going to /login: long enough to read, short enough not to wait. */
const SUCCESS_DELAY_MS = 1200;

/** Where a server answer without per-field errors still clearly belongs to one field. */
const FIELD_OF_KEY: Partial<Record<string, RegisterField>> = {
  username_taken: 'username',
  invalid_invite_code: 'code',
};

const storedCode = (): string => localStorage.getItem(INVITE_CODE_KEY) ?? '';

const validate = (values: Record<RegisterField, string>): FieldErrors<RegisterField> => {
  const email = values.email.trim();
  const code = values.code.trim();
  return {
    // The server's own rules (src/schema/auth-rules.ts); it also refuses common passwords.
    username: ruleText(usernameProblem(normalizeUsername(values.username)), USERNAME_LENGTH),
    password: ruleText(passwordProblem(values.password, values.username), PASSWORD_LENGTH),
    confirm: values.confirm === '' ? t('errors.required')
      : values.confirm !== values.password ? t('register.password_mismatch') : undefined,
    email: email === '' ? t('errors.required')
      : email.length > EMAIL_MAX_LENGTH ? t('errors.too_long', { max: EMAIL_MAX_LENGTH })
      : EMAIL_PATTERN.test(email) ? undefined : t('errors.invalid_email'),
    code: code === '' || INVITE_CODE_PATTERN.test(code) ? undefined : t('errors.invalid_invite_code'),
  };
};

export const Register = () => {
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const linkCode = search.get(INVITE_CODE_KEY)?.trim() ?? '';
  const [values, setValues] = useState<Record<RegisterField, string>>(() => ({
    username: '', password: '', confirm: '', email: '', code: linkCode || storedCode(),
  }));
  const [errors, setErrors] = useState<FieldErrors<RegisterField>>({});
  const [alert, setAlert] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);

  // An invite link's code outlives this visit: the visitor may come back to /register later.
  // Opening the link is a click on it, recorded once per visit (the ref survives a re-run of the effect).
  const clicked = useRef<string | null>(null);
  useEffect(() => {
    if (!linkCode) return;
    localStorage.setItem(INVITE_CODE_KEY, linkCode);
    if (clicked.current === linkCode || !INVITE_CODE_PATTERN.test(linkCode)) return;
    clicked.current = linkCode;
    apiFetch('/rms/click', { body: { code: linkCode } }).catch((error: unknown) => {
      // A code nobody holds is said on its field at once; a throttled or failed click is no concern of the visitor's.
      if (error instanceof ApiError && error.messageKey === 'invalid_invite_code') {
        setErrors((previous) => ({ ...previous, code: t('errors.invalid_invite_code') }));
      }
    });
  }, [linkCode]);

  useEffect(() => {
    if (!done) return;
    const timer = setTimeout(() => {
      const state: LoginState = { username: normalizeUsername(values.username) };
      navigate('/login', { state });
    }, SUCCESS_DELAY_MS);
    return () => clearTimeout(timer);
  }, [done, navigate, values.username]);

  const change = (field: RegisterField) => (value: string) => {
    setValues((previous) => ({ ...previous, [field]: value }));
    if (errors[field]) setErrors((previous) => ({ ...previous, [field]: undefined }));
  };

  const focus = (form: HTMLFormElement, found: FieldErrors<RegisterField>) => {
    const first = firstInvalid(FIELDS, found);
    if (first) (form.elements.namedItem(first) as HTMLInputElement | null)?.focus();
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const found = validate(values);
    setErrors(found);
    setAlert(null);
    if (hasErrors(found)) return focus(form, found);

    setBusy(true);
    const code = values.code.trim();
    try {
      await apiFetch('/admin/register', {
        body: { username: normalizeUsername(values.username), password: values.password, email: values.email.trim(), ...(code ? { code } : {}) },
      });
      // The code has done its job (the referral is recorded); a later sign-up from this browser is not the inviter's.
      localStorage.removeItem(INVITE_CODE_KEY);
      setDone(true);
    } catch (error) {
      setBusy(false);
      const onFields = serverFieldErrors(error);
      if (onFields) {
        setErrors(onFields);
        focus(form, onFields);
      } else {
        setAlert(errorText(error));
      }
    }
  };

  return (
    <PublicShell title={t('register.title')} variant="card">
      <form className="pub-card" onSubmit={submit} noValidate aria-busy={busy}>
        <p className="pub-product">{t('app.title')}</p>
        <h1>{t('register.title')}</h1>
        {alert && <div className="pub-alert" role="alert">{alert}</div>}
        {done && <div className="pub-success" role="status">{t('register.success')}</div>}
        <Field name="username" label={t('register.username')} value={values.username} onChange={change('username')}
          error={errors.username} autoComplete="username" autoFocus />
        <Field name="password" type="password" label={t('register.password')} value={values.password}
          onChange={change('password')} error={errors.password} autoComplete="new-password" />
        <Field name="confirm" type="password" label={t('register.confirm_password')} value={values.confirm}
          onChange={change('confirm')} error={errors.confirm} autoComplete="new-password" />
        <Field name="email" type="email" label={t('register.email')} value={values.email} onChange={change('email')}
          error={errors.email} autoComplete="email" inputMode="email" />
        <Field name="code" label={t('register.code')} value={values.code} onChange={change('code')}
          error={errors.code} hint={t('register.code_hint')} autoComplete="off" />
        <button type="submit" className="pub-button" disabled={busy || done}>
          {busy && <span className="pub-spinner" aria-hidden="true" />}
          {busy ? t('register.submitting') : t('register.submit')}
        </button>
        <p className="pub-switch">
          {t('register.have_account')} <Link to="/login">{t('register.login_link')}</Link>
        </p>
      </form>
    </PublicShell>
  );
};

/** The server's rejection spread over the form's fields, or null when it is not about fields. */
const serverFieldErrors = (error: unknown): FieldErrors<RegisterField> | null => {
  if (!(error instanceof ApiError)) return null;
  const found: FieldErrors<RegisterField> = {};
  for (const fieldError of error.errors) {
    const field = FIELDS.find((name) => name === fieldError.field);
    if (!field) return null; // a field this form does not show: say it in the alert instead
    found[field] ??= fieldErrorText(fieldError);
  }
  const keyField = error.messageKey ? FIELD_OF_KEY[error.messageKey] : undefined;
  if (keyField && !found[keyField]) found[keyField] = errorText(error);
  return hasErrors(found) ? found : null;
};
