// Protects: the public pages (login, register, language): what a visitor sees and what reaches the API.
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { delay, http, HttpResponse } from 'msw';
import type { InitialEntry } from 'react-router';
import { MemoryRouter, useLocation } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { publicEn } from '../../src/i18n/public/en';
import { publicZh } from '../../src/i18n/public/zh';
import { afterLoginPath } from '../../src/pages/public/Login';
import { drawLoginForm, LOGIN_DRAW_TEXTS } from '../../src/pages/public/loginFirstDraw';
import { PublicRoutes } from '../../src/pages/public/PublicRoutes';
import { TOKEN_KEY } from '../../src/providers/api';
import { INVITE_CODE_KEY } from '../../src/schema/auth-rules';
import { server } from './msw-server';

// The real shell is react-admin; these tests only need to know the public entry handed over to it.
vi.mock('../../src/admin/AdminApp', () => {
  const AdminApp = () => <p>admin shell</p>;
  // The login page warms the first screen's chunk once the shell is loaded.
  return { AdminApp, preloadScreen: () => undefined };
});

// Home's first draw is tested on its own (shell-first-draws.test.tsx); here, what the sign-in asks of it.
const homeDraws = vi.hoisted(() => [] as { stay: readonly string[]; data: unknown }[]);
vi.mock('../../src/admin/homeFirstDraw', () => ({
  drawHomeFigures: (answer: Promise<{ data: unknown }>, stay: readonly string[]) => {
    const painted = answer.then((envelope) => { homeDraws.push({ stay, data: envelope.data }); }, () => undefined);
    return { painted, remove: () => undefined };
  },
}));

const LocationProbe = () => {
  const location = useLocation();
  return <p data-testid="location">{location.pathname}</p>;
};

const renderAt = (entry: InitialEntry) =>
  render(
    <MemoryRouter initialEntries={[entry]}>
      <PublicRoutes />
      <LocationProbe />
    </MemoryRouter>,
  );

const envelope = (data: unknown) => HttpResponse.json({ code: 200, message: 'Operation succeeded', data });

/** Counts the calls to one endpoint and answers them with `answer`. */
const route = (method: 'get' | 'post', path: string, answer: (body: unknown) => Response) => {
  const calls: unknown[] = [];
  server.use(http[method](`*/api${path}`, async ({ request }) => {
    const body = method === 'post' ? await request.json() : null;
    calls.push(body);
    return answer(body);
  }));
  return calls;
};

const fillLogin = async (username: string, password: string) => {
  const user = userEvent.setup();
  if (username) await user.type(screen.getByLabelText('Username'), username);
  if (password) await user.type(screen.getByLabelText('Password'), password);
  await user.click(screen.getByRole('button', { name: 'Sign in' }));
};

describe('login page', () => {
  it('should show per-field messages and send nothing when the fields are invalid', async () => {
    const logins = route('post', '/admin/login', () => envelope({ token: 'x', tokenHead: 'Bearer ' }));
    // Signed in, the admin asks who the account is.
    route('get', '/admin/info', () => envelope({ username: 'ab', icon: null, roles: ['Seller'], menus: [] }));
    // ...and the home page's figures leave beside the admin's code.
    const summaries = route('get', '/home/summary', () => envelope({ timeZone: 'UTC', today: '2026-01-01', pending: [] }));
    renderAt('/login');

    await fillLogin('', '');
    expect(screen.getByLabelText('Username')).toHaveAccessibleDescription('Required');
    expect(screen.getByLabelText('Password')).toHaveAccessibleDescription('Required');

    expect(logins).toHaveLength(0);
    // Sign-in takes any existing account, also an imported one that predates the rules for new ones.
    await fillLogin('ab', 'abc');
    await waitFor(() => expect(logins).toEqual([{ username: 'ab', password: 'abc' }]));
    await waitFor(() => expect(summaries).toHaveLength(1));
  });

  it('should show the translation of the server message key for a wrong password', async () => {
    localStorage.setItem('lang', 'zh');
    route('post', '/admin/login', () => HttpResponse.json(
      { code: 500, message: 'Wrong username or password', messageKey: 'bad_credentials', data: null }, { status: 401 },
    ));
    renderAt('/login');
    const user = userEvent.setup();

    await user.type(screen.getByLabelText('用户名'), 'admin');
    await user.type(screen.getByLabelText('密码'), 'wrong-password');
    await user.click(screen.getByRole('button', { name: '登录' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('用户名或密码错误');
    expect(localStorage.getItem(TOKEN_KEY)).toBeNull();
  });

  it('should fall back to the server message when the key is unknown, and show the wait on 429', async () => {
    route('post', '/admin/login', () => HttpResponse.json(
      { code: 500, message: 'Too many failed sign-in attempts; try again in 42 seconds', messageKey: 'too_many_attempts', data: { seconds: 42 } },
      { status: 429 },
    ));
    renderAt('/login');

    await fillLogin('admin', 'wrong-password');
    expect(await screen.findByRole('alert')).toHaveTextContent('try again in 42 seconds');

    server.use(http.post('*/api/admin/login', () => HttpResponse.json(
      { code: 500, message: 'Something new went wrong', messageKey: 'brand_new_key', data: null }, { status: 500 },
    )));
    await userEvent.setup().click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Something new went wrong'));
  });

  it('should store tokenHead + token and go to the admin after a successful login', async () => {
    const logins = route('post', '/admin/login', () => envelope({ token: 'abc.def', tokenHead: 'Bearer ' }));
    const infos: (string | null)[] = [];
    server.use(http.get('*/api/admin/info', ({ request }) => {
      infos.push(request.headers.get('Authorization'));
      return envelope({ username: 'admin', icon: null, roles: ['super admin'], menus: [] });
    }));
    // The first screen's data (home's figures) is asked for as soon as the roles are known.
    const summaries = route('get', '/home/summary', () => envelope({ timeZone: 'UTC', today: '2026-01-01', pending: [] }));
    renderAt('/login');

    await fillLogin('admin', 'secret-pass');

    expect(await screen.findByText('admin shell')).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/);
    expect(localStorage.getItem(TOKEN_KEY)).toBe('Bearer abc.def');
    expect(logins).toEqual([{ username: 'admin', password: 'secret-pass' }]);
    expect(infos).toEqual(['Bearer abc.def']);
    await waitFor(() => expect(summaries).toHaveLength(1));
    // Home's figures were drawn from that one answer, over the page the form was on (the browser's
    // location: here the memory router's page is the document's "/"), before the admin came.
    expect(homeDraws.at(-1)).toEqual({ stay: [window.location.pathname], data: { timeZone: 'UTC', today: '2026-01-01', pending: [] } });
  });

  it("should go on to the admin when home's summary does not answer (its first draw waits, the admin does not)", async () => {
    route('post', '/admin/login', () => envelope({ token: 'abc.def', tokenHead: 'Bearer ' }));
    route('get', '/admin/info', () => envelope({ username: 'admin', icon: null, roles: ['super admin'], menus: [] }));
    server.use(http.get('*/api/home/summary', async () => { await delay('infinite'); return envelope(null); }));
    renderAt('/login');

    await fillLogin('admin', 'secret-pass');

    expect(await screen.findByText('admin shell')).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/);
  });

  it('should return to the page react-admin sent the visitor from', async () => {
    route('post', '/admin/login', () => envelope({ token: 't', tokenHead: 'Bearer ' }));
    route('get', '/admin/info', () => envelope({ username: 'seller', icon: null, roles: ['seller'], menus: [] }));
    // The page's first list request leaves with the sign-in's end, before the admin's code.
    const orders = route('get', '/order/list', () => envelope({ pageNum: 1, pageSize: 10, totalPage: 0, total: 0, list: [] }));
    renderAt({ pathname: '/login', state: { nextPathname: '/oms/order' } });

    await fillLogin('seller', 'secret-pass');

    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/oms/order'));
    await waitFor(() => expect(orders).toHaveLength(1));
  });

  it.each([
    [{ from: '/oms/order?id=3' }, '/oms/order?id=3'],
    [{ from: { pathname: '/ums/role', search: '?page=2' } }, '/ums/role?page=2'],
    [{ nextPathname: '/pay/index', nextSearch: '' }, '/pay/index'],
    [{ from: '//evil.example/phish' }, '/'],
    [{ nextPathname: '/login' }, '/'],
    [null, '/'],
  ])('should resolve the after-login target of %j to %s', (state, expected) => {
    expect(afterLoginPath(state)).toBe(expected);
  });

  it('should refuse a user without roles and keep no token', async () => {
    route('post', '/admin/login', () => envelope({ token: 't', tokenHead: 'Bearer ' }));
    route('get', '/admin/info', () => envelope({ username: 'norole', icon: null, roles: [], menus: [] }));
    // Home's figures leave beside the roles check; the server refuses them to an account without roles.
    route('get', '/home/summary', () => HttpResponse.json({ code: 403, message: 'Forbidden', messageKey: 'forbidden', data: null }, { status: 403 }));
    renderAt('/login');

    await fillLogin('norole', 'secret-pass');

    expect(await screen.findByRole('alert')).toHaveTextContent('roles must be a non-null array');
    expect(localStorage.getItem(TOKEN_KEY)).toBeNull();
    expect(screen.getByTestId('location')).toHaveTextContent('/login');
  });

  it('should send a signed-in user on to /', async () => {
    localStorage.setItem(TOKEN_KEY, 'Bearer existing');
    renderAt('/login');

    expect(await screen.findByText('admin shell')).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/);
  });

  it('should show the Chinese title when the stored language is zh', () => {
    localStorage.setItem('lang', 'zh');
    renderAt('/login');

    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('登录');
    expect(screen.getByRole('button', { name: '中文' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('should toggle the password between hidden and shown', async () => {
    renderAt('/login');
    const user = userEvent.setup();
    const password = screen.getByLabelText('Password');

    await user.click(screen.getByRole('button', { name: 'Show password' }));
    expect(password).toHaveAttribute('type', 'text');
    await user.click(screen.getByRole('button', { name: 'Hide password' }));
    expect(password).toHaveAttribute('type', 'password');
  });
});

describe("login page's first draw", () => {
  it("shows the public dictionary's texts in both languages", () => {
    const dictionaries = { en: publicEn, zh: publicZh } as const;
    for (const lang of ['en', 'zh'] as const) {
      for (const [key, text] of Object.entries(LOGIN_DRAW_TEXTS[lang])) {
        const [group = '', ...rest] = key.split('_');
        const entry = (dictionaries[lang] as unknown as Record<string, Record<string, string>>)[group]?.[rest.join('_')];
        expect(`${lang} ${key}: ${text}`).toBe(`${lang} ${key}: ${entry}`);
      }
    }
  });

  it('hands what was typed, and a press of Sign in, to the page once its code is there', async () => {
    const logins = route('post', '/admin/login', () => envelope({ token: 'drawn.token', tokenHead: 'Bearer ' }));
    route('get', '/admin/info', () => envelope({ username: 'admin', icon: null, roles: ['super admin'], menus: [] }));
    route('get', '/home/summary', () => envelope({ timeZone: 'UTC', today: '2026-01-01', pending: [] }));
    window.history.pushState({}, '', '/login');
    const root = document.body.appendChild(document.createElement('div'));
    root.id = 'root';
    try {
      drawLoginForm();
      const user = userEvent.setup();
      // The drawn form, before the page's code: the same labels and button as the page's own.
      await user.type(within(root).getByLabelText('Username'), 'admin');
      await user.type(within(root).getByLabelText('Password'), 'secret-pass');
      await user.click(within(root).getByRole('button', { name: 'Sign in' }));
      expect(logins).toHaveLength(0);

      render(<MemoryRouter initialEntries={['/login']}><PublicRoutes /><LocationProbe /></MemoryRouter>, { container: root });
      // The page's own form replaced it and signed in with what was typed there, once.
      await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/));
      expect(logins).toEqual([{ username: 'admin', password: 'secret-pass' }]);
      expect(root.querySelector('form[data-first-draw]')).toBeNull();
    } finally {
      window.history.pushState({}, '', '/');
      root.remove();
    }
  });

  it('keeps typed values without a press, and is not drawn off the sign-in page or signed in', async () => {
    const root = document.body.appendChild(document.createElement('div'));
    root.id = 'root';
    try {
      window.history.pushState({}, '', '/register');
      drawLoginForm();
      expect(root.childElementCount).toBe(0);
      window.history.pushState({}, '', '/login');
      localStorage.setItem(TOKEN_KEY, 'Bearer x');
      drawLoginForm();
      expect(root.childElementCount).toBe(0);
      localStorage.removeItem(TOKEN_KEY);
      localStorage.setItem('lang', 'zh');
      drawLoginForm();
      expect(within(root).getByRole('heading', { name: '登录' })).toBeInTheDocument();
      await userEvent.setup().type(within(root).getByLabelText('密码'), 'half-typed');

      const logins = route('post', '/admin/login', () => envelope({ token: 't', tokenHead: 'Bearer ' }));
      render(<MemoryRouter initialEntries={['/login']}><PublicRoutes /></MemoryRouter>, { container: root });
      expect(await within(root).findByLabelText('密码')).toHaveValue('half-typed');
      expect(within(root).getByLabelText('密码')).toHaveFocus();
      expect(logins).toHaveLength(0);
    } finally {
      window.history.pushState({}, '', '/');
      root.remove();
    }
  });
});

describe('register page', () => {
  const fillRegister = async (fields: { username: string; password: string; email: string }) => {
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Username'), fields.username);
    await user.type(screen.getByLabelText('Password'), fields.password);
    await user.type(screen.getByLabelText('Confirm password'), fields.password);
    await user.type(screen.getByLabelText('Email'), fields.email);
    await user.click(screen.getByRole('button', { name: 'Create account' }));
  };

  it('should keep the invite code of the link and prefill it on a later visit', () => {
    route('post', '/rms/click', () => envelope({ id: 1 }));
    const first = renderAt('/register?code=ABC123');

    expect(screen.getByLabelText('Invite code')).toHaveValue('ABC123');
    expect(localStorage.getItem(INVITE_CODE_KEY)).toBe('ABC123');
    first.unmount();

    renderAt('/register');
    expect(screen.getByLabelText('Invite code')).toHaveValue('ABC123');
  });

  it('should record the invite link click once (POST /rms/click with the code), not on a later visit without the link', async () => {
    const clicks = route('post', '/rms/click', () => envelope({ id: 1 }));
    const first = renderAt('/register?code=ABC123');
    await waitFor(() => expect(clicks).toEqual([{ code: 'ABC123' }]));
    first.unmount();
    renderAt('/register');
    expect(screen.getByLabelText('Invite code')).toHaveValue('ABC123');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(clicks).toHaveLength(1);
  });

  it("should say at once when the link's code is unknown", async () => {
    route('post', '/rms/click', () => HttpResponse.json({
      code: 404, message: 'Please validate your code', messageKey: 'invalid_invite_code', data: null,
      errors: [{ field: 'code', messageKey: 'invalid_invite_code', message: 'Please validate your code' }],
    }, { status: 400 }));
    renderAt('/register?code=ZZZZ9999');
    expect(await screen.findByText('Please validate your code')).toBeInTheDocument();
  });

  it('should check the fields before sending', async () => {
    const registrations = route('post', '/admin/register', () => envelope({ id: 1 }));
    renderAt('/register');
    const user = userEvent.setup();

    await user.type(screen.getByLabelText('Password'), 'secret-pass');
    await user.type(screen.getByLabelText('Confirm password'), 'secret-other');
    await user.type(screen.getByLabelText('Email'), 'not-an-email');
    await user.type(screen.getByLabelText('Invite code'), 'no!');
    await user.click(screen.getByRole('button', { name: 'Create account' }));

    expect(screen.getByLabelText('Username')).toHaveAccessibleDescription('Required');
    expect(screen.getByLabelText('Confirm password')).toHaveAccessibleDescription('The passwords do not match');
    expect(screen.getByLabelText('Email')).toHaveAccessibleDescription('Not a valid email address');
    expect(screen.getByLabelText('Invite code')).toHaveAccessibleDescription(/Please validate your code/);
    expect(registrations).toHaveLength(0);
  });

  it.each([
    ['\u0430dmin', 'seller-pass-1', 'username', 'Use 3 to 64 letters (a-z), digits or the characters _ . -'],
    ['admin\u200b', 'seller-pass-1', 'username', 'Use 3 to 64 letters (a-z), digits or the characters _ . -'],
    ['ab', 'seller-pass-1', 'username', 'Must be at least 3 characters'],
    ['shopkeeper', 'short1', 'password', 'Must be at least 8 characters'],
    ['shopkeeper', 'my-Shopkeeper-1', 'password', 'The password must not contain the username'],
  ])('should apply the server\'s account rules before sending (%j, %j)', async (username, password, field, message) => {
    const registrations = route('post', '/admin/register', () => envelope({ id: 1 }));
    renderAt('/register');
    await fillRegister({ username, password, email: 'a@b.co' });
    expect(screen.getByLabelText(field === 'username' ? 'Username' : 'Password')).toHaveAccessibleDescription(message);
    expect(registrations).toHaveLength(0);
  });

  it('should show the server field errors on their fields', async () => {
    route('post', '/admin/register', () => HttpResponse.json({
      code: 404, message: 'Validation failed', messageKey: 'validation_failed', data: null,
      errors: [
        { field: 'username', messageKey: 'username_taken', message: 'This username is already taken' },
        { field: 'email', messageKey: 'too_long', message: 'Must be at most 100 characters', params: { max: 100 } },
      ],
    }, { status: 400 }));
    renderAt('/register');

    await fillRegister({ username: 'taken', password: 'secret-pass', email: 'a@b.co' });

    await waitFor(() => expect(screen.getByLabelText('Username')).toHaveAccessibleDescription('This username is already taken'));
    expect(screen.getByLabelText('Email')).toHaveAccessibleDescription('Must be at most 100 characters');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('should register with the stored code, then open /login with the username filled in', async () => {
    localStorage.setItem(INVITE_CODE_KEY, 'INVITE42');
    const registrations = route('post', '/admin/register', () => envelope({ id: 7, username: 'newseller' }));
    renderAt('/register');

    await fillRegister({ username: 'newseller', password: 'secret-pass', email: 'new@shop.example' });

    expect(await screen.findByRole('status')).toHaveTextContent('Account created');
    expect(registrations).toEqual([
      { username: 'newseller', password: 'secret-pass', email: 'new@shop.example', code: 'INVITE42' },
    ]);
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/login'));
    expect(screen.getByLabelText('Username')).toHaveValue('newseller');
    expect(localStorage.getItem(INVITE_CODE_KEY)).toBeNull();
  });
});

describe('static public pages', () => {
  it.each([
    ['/privacy', 'Privacy notice'],
    ['/term', 'Terms of use'],
    ['/homer', 'Run your shop on the marketplace'],
    ['/404', 'Page not found'],
  ])('should render %s without the admin', (path, heading) => {
    // `/404` is where the admin sends a signed-in user's unknown paths; anonymous visitors go to /login.
    if (path === '/404') localStorage.setItem(TOKEN_KEY, 'Bearer existing');
    renderAt(path);

    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(heading);
    expect(screen.queryByText('admin shell')).not.toBeInTheDocument();
    expect(within(screen.getByRole('contentinfo')).getByRole('link', { name: 'Privacy' })).toHaveAttribute('href', '/privacy');
  });

  it('should send an anonymous visitor from /404 to /login', () => {
    renderAt('/404');

    expect(screen.getByTestId('location')).toHaveTextContent('/login');
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeInTheDocument();
  });
});
