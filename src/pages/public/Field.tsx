/** A labelled input with its error and hint wired up for screen readers (`aria-describedby`). */
import { useId, useState } from 'react';
import type { InputHTMLAttributes } from 'react';
import { t } from './i18n';

type FieldProps = {
  name: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  hint?: string;
} & Pick<InputHTMLAttributes<HTMLInputElement>, 'type' | 'autoComplete' | 'autoFocus' | 'inputMode' | 'maxLength'>;

export const Field = ({ name, label, value, onChange, error, hint, type = 'text', ...input }: FieldProps) => {
  const id = useId();
  const [shown, setShown] = useState(false);
  const isPassword = type === 'password';
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const describedBy = [error ? errorId : '', hint ? hintId : ''].filter(Boolean).join(' ') || undefined;

  return (
    <div className="pub-field">
      <label htmlFor={id}>{label}</label>
      <div className="pub-input">
        <input
          id={id}
          name={name}
          type={isPassword && shown ? 'text' : type}
          value={value}
          onChange={(event) => onChange(event.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          {...input}
        />
        {isPassword && (
          // type="button": the form's only submit button stays the real one (e2e tests click `button[type=submit]`).
          <button
            type="button"
            className="pub-eye"
            aria-label={shown ? t('login.hide_password') : t('login.show_password')}
            aria-pressed={shown}
            aria-controls={id}
            onClick={() => setShown((value) => !value)}
          >
            <EyeIcon crossed={shown} />
          </button>
        )}
      </div>
      {error && <p id={errorId} className="pub-field-error">{error}</p>}
      {hint && <p id={hintId} className="pub-hint">{hint}</p>}
    </div>
  );
};

/** Inline SVG rather than an icon package: two paths cost less than any import. */
const EyeIcon = ({ crossed }: { crossed: boolean }) => (
  <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
    <path
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      d="M1 12s4-7 11-7 11 7 11 7-4 7-11 7S1 12 1 12z"
    />
    <circle cx="12" cy="12" r="3" fill="none" stroke="currentColor" strokeWidth="2" />
    {crossed && <path stroke="currentColor" strokeWidth="2" d="M3 3l18 18" />}
  </svg>
);
