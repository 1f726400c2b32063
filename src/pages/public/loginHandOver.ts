/**
 * What a person did on the sign-in form's first draw (./loginFirstDraw.ts) before the page's own
 * code arrived: ./Login.tsx starts from it, so typed values, the focus and a press of Sign in carry
 * over. Kept apart from the draw, whose script imports nothing so that it runs at once.
 */

/** The drawn form's marker and the mark of a press of Sign in (as ./loginFirstDraw.ts writes them). */
const DRAWN = 'data-first-draw';
const SUBMITTED = 'data-submitted';

export type LoginDrawState = {
  readonly username: string;
  readonly password: string;
  readonly focus: 'username' | 'password' | null;
  readonly submitted: boolean;
};

/** Reads the drawn form if it is still there: during React's first render, before its commit replaces it. */
export const takeLoginDraw = (): LoginDrawState | null => {
  const form = document.querySelector<HTMLFormElement>(`#root form[${DRAWN}]`);
  if (!form) return null;
  const input = (name: string) => form.querySelector<HTMLInputElement>(`input[name="${name}"]`);
  const active = document.activeElement;
  const focus = active !== null && active === input('username') ? 'username' : active !== null && active === input('password') ? 'password' : null;
  return { username: input('username')?.value ?? '', password: input('password')?.value ?? '', focus, submitted: form.hasAttribute(SUBMITTED) };
};
