// Protects: reference columns everywhere show names. Every declared reference
// field shows the name the server joins in (a shop's owner, a mold's shop, a resource's category,
// the audit log's user), in its list column and read-only on its record, never the bare id, and
// without asking the referenced entity's own API (a seller may not read the admin accounts).
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import type { AuthProvider } from 'react-admin';
import { AdminContext, RecordContextProvider } from 'react-admin';
import { describe, expect, it } from 'vitest';
import type { Lang } from '../../src/i18n/lang';
import { fieldDisplay } from '../../src/engine/kinds';
import { fieldLabelKey } from '../../src/engine/labels';
import { routePath } from '../../src/engine/routing';
import { createAdminI18nProvider as createI18nProvider } from '../../src/admin/i18n';
import type { Entity, FieldDecl } from '../../src/schema/engine/entity';
import { nameFieldOf } from '../../src/schema/engine/entity';
import { entityList } from '../../src/schema/entities';
import { answerSideCallsEmpty } from './empty-answers';
import { envelope, page, renderAt, serve } from './entity-harness';
import { server } from './msw-server';
import { endpointOf } from '../../src/schema/engine/endpoints';

const TARGET_ID = 7;
const TARGET_NAME = 'Seventh Heaven';

/** Every reference field of every screen entity. */
const references = entityList.flatMap((entity) => Object.entries(entity.fields)
  .filter(([, decl]) => decl.kind === 'reference')
  .map(([name, decl]) => ({ entity, name, decl })));

/** The reference fields its list shows, per screen entity that lists one. */
const listedByEntity = entityList
  .map((entity) => ({ entity, names: references.filter((r) => r.entity === entity && r.decl.list).map((r) => r.name) }))
  .filter(({ names }) => names.length > 0);

/** A plausible value of a field, so every cell of the row renders. */
const sample = (decl: FieldDecl): unknown => {
  switch (decl.kind) {
    case 'int': case 'money': return 3;
    case 'flag': return 1;
    case 'enum': return decl.options?.[0]?.value ?? null;
    case 'date': return '2024-05-01';
    case 'dateTime': return '2024-05-01T00:00:00.000Z';
    case 'text': case 'longText': case 'richText': return 'text';
    default: return null;
  }
};

/** A record whose reference fields all point at the target, named as the server answers them. */
const recordOf = (entity: Entity) => {
  const record: Record<string, unknown> = { id: 1 };
  for (const [name, decl] of Object.entries(entity.fields)) record[name] = decl.nameOf ? TARGET_NAME : decl.kind === 'reference' ? TARGET_ID : sample(decl);
  return record;
};

/**
 * The look-ups of the referenced entities answer nothing: the name can only come from the record.
 * The side calls of some lists (the order list's status tabs, the distribution list's ratio) are
 * answered as an empty shop would.
 */
const answerLookupsEmpty = () => {
  answerSideCallsEmpty();
  server.use(
    http.get('*/api/*/listAll', () => HttpResponse.json({ code: 200, message: 'Operation succeeded', data: [] })),
    http.get('*/api/*/list', () => HttpResponse.json({ code: 200, message: 'Operation succeeded', data: page([]) })),
    // Members are listed at mall's own path (a member filter's picker).
    http.get('*/api/admin/listMember', () => HttpResponse.json({ code: 200, message: 'Operation succeeded', data: page([]) })),
  );
};

describe('declarations', () => {
  it('every reference field declares the field its name is joined into', () => {
    expect(references.length).toBeGreaterThan(0);
    expect(references.filter(({ entity, name }) => !nameFieldOf(entity, name)).map(({ entity, name }) => `${entity.name}.${name}`)).toEqual([]);
  });
});

describe.each<Lang>(['en', 'zh'])('reference names (%s)', (lang) => {
  const { translate } = createI18nProvider(lang);

  // One list screen per entity, checking each of its reference columns: drawing the whole screen is
  // the cost (a few seconds of CPU each), and an entity with two such columns drew it twice.
  it.each(listedByEntity.map(({ entity, names }) => [`${entity.name} (${names.join(', ')})`, entity, names] as const))(
    'the %s list columns show the name',
    async (_label, entity, names) => {
      const path = endpointOf(entity, 'list')!.url;
      answerLookupsEmpty();
      // Added last: msw asks the newest handler first.
      serve('get', path, () => envelope(page([recordOf(entity)])));
      renderAt(routePath(entity.menu.route), { lang });

      const first = await screen.findByRole('columnheader', { name: translate(fieldLabelKey(entity, names[0]!)) });
      const headerRow = first.parentElement!;
      const row = within(first.closest('table') as HTMLElement).getAllByRole('row')[1]!;
      const cells = within(row).getAllByRole('cell');
      for (const name of names) {
        const header = within(headerRow).getByRole('columnheader', { name: translate(fieldLabelKey(entity, name)) });
        const cell = cells[[...headerRow.children].indexOf(header)]!;
        expect(cell, `${entity.name}.${name}`).toHaveTextContent(TARGET_NAME);
        expect(cell, `${entity.name}.${name}`).not.toHaveTextContent(String(TARGET_ID));
      }
    },
  );

  // Every field's value in one draw of the admin's context (one provider per record), each found by
  // its own test id: a context drawn per field was most of this case's time.
  it('every reference value reads as the name on its record (edit forms and detail views)', () => {
    render(
      <AdminContext i18nProvider={createI18nProvider(lang)}>
        {references.map(({ entity, name, decl }) => (
          <RecordContextProvider key={`${entity.name}.${name}`} value={recordOf(entity)}>
            <p data-testid={`${entity.name}.${name}`}>{fieldDisplay(entity, name, decl)}</p>
          </RecordContextProvider>
        ))}
      </AdminContext>,
    );
    const shown = references.map(({ entity, name }) => [`${entity.name}.${name}`, screen.getByTestId(`${entity.name}.${name}`).textContent] as const);
    expect(shown.filter(([, text]) => !text?.includes(TARGET_NAME))).toEqual([]);
    expect(shown.length).toBe(references.length);
  });

  it('a shop\'s edit page shows its owner by name', async () => {
    serve('get', '/shop/1', () => envelope({ id: 1, shopName: 'Corner shop', ownerId: TARGET_ID, ownerName: TARGET_NAME, status: 1, createTime: null }));
    renderAt('/shop/updateShop?id=1', { lang });
    await screen.findByDisplayValue('Corner shop');
    expect(await screen.findByText(TARGET_NAME)).toBeInTheDocument();
    expect(screen.getByText(translate('resources.shop.fields.ownerId'))).toBeInTheDocument();
  });
});

describe('reference filters', () => {
  /** A seller: everything but the admin accounts. */
  const noAccounts: AuthProvider = {
    login: async () => undefined, logout: async () => undefined, checkAuth: async () => undefined, checkError: async () => undefined,
    getPermissions: async () => undefined, canAccess: async ({ resource }) => resource !== 'admin',
  };

  it('offers the shop owner filter only to users who may list the accounts it picks from', async () => {
    serve('get', '/shop/list', () => envelope(page([recordOf(entityList.find((e) => e.name === 'shop')!)])));
    renderAt('/shop/shopList', { authProvider: noAccounts });
    await screen.findByText(TARGET_NAME);
    await userEvent.click(await screen.findByRole('button', { name: 'Add filter' }));
    expect(await screen.findByRole('menuitemcheckbox', { name: 'Status' })).toBeInTheDocument();
    expect(screen.queryByRole('menuitemcheckbox', { name: 'Owner' })).toBeNull();
  });

  it('lets the owner filter search the accounts by keyword for those who may', async () => {
    serve('get', '/shop/list', () => envelope(page([recordOf(entityList.find((e) => e.name === 'shop')!)])));
    const accounts = serve('get', '/admin/list', () => envelope(page([{ id: TARGET_ID, username: TARGET_NAME }])));
    renderAt('/shop/shopList');
    await screen.findByText(TARGET_NAME);
    await userEvent.click(await screen.findByRole('button', { name: 'Add filter' }));
    await userEvent.click(await screen.findByRole('menuitemcheckbox', { name: 'Owner' }));
    await userEvent.type(await screen.findByRole('combobox', { name: 'Owner' }), 'Sev');
    await expect.poll(() => accounts.at(-1)?.query.get('keyword')).toBe('Sev');
  });
});

describe('reference links', () => {
  const shop = () => recordOf(entityList.find((e) => e.name === 'shop')!);
  const accounts = entityList.find((e) => e.name === 'admin')!;

  it('a reference column links the name to its record\'s page for a reader who may open it; the click opens that record, not the row', async () => {
    answerLookupsEmpty();
    serve('get', '/shop/list', () => envelope(page([shop()])));
    serve('get', `/admin/${TARGET_ID}`, () => envelope({ id: TARGET_ID, username: TARGET_NAME, status: 1, roleIds: [] }));
    renderAt('/shop/shopList');
    const link = await screen.findByRole('link', { name: TARGET_NAME });
    const target = `${routePath(accounts.menu.route)}#edit=${TARGET_ID}`;
    expect(link).toHaveAttribute('href', target);
    await userEvent.click(link);
    await expect.poll(() => screen.getByTestId('location').textContent).toBe(target);
  });

  it('shows the name as plain text to a reader who may not open the record', async () => {
    const noAccounts: AuthProvider = {
      login: async () => undefined, logout: async () => undefined, checkAuth: async () => undefined, checkError: async () => undefined,
      getPermissions: async () => undefined, canAccess: async ({ resource }) => resource !== 'admin',
    };
    answerLookupsEmpty();
    serve('get', '/shop/list', () => envelope(page([shop()])));
    renderAt('/shop/shopList', { authProvider: noAccounts });
    await screen.findByText(TARGET_NAME);
    expect(screen.queryByRole('link', { name: TARGET_NAME })).toBeNull();
  });
});
