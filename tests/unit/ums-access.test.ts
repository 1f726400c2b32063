// Protects: what `canAccess` hides. An entity action maps to the API path it calls (from the
// declaration) and is allowed only when one of the user's resource patterns matches it, on top
// of the menus' grant of the route; `['/**']` allows everything.
import { describe, expect, it } from 'vitest';
import { sessionCanAccess } from '../../src/providers/authProvider';
import { buildMenuModel } from '../../src/providers/menus';
import { accessApiPath, apiMatcher, actionOperation, entityActionPath, setAction } from '../../src/schema/access';
import type { MenuItem } from '../../src/schema/api';
import { brand, productCategory } from '../../src/schema/pms/entities';
import { menu, resource, role } from '../../src/schema/ums/entities';
import { adminAccount } from '../../src/schema/ums/admin';

const row = (id: number, parentId: number, name: string): MenuItem =>
  ({ id, parentId, createTime: null, title: name, level: parentId ? 1 : 0, sort: 0, name, icon: 'list', hidden: 0 });

const session = (menus: MenuItem[], resources: string[] | undefined) => ({ model: buildMenuModel(menus), canCall: apiMatcher(resources) });

describe('entity action paths', () => {
  it('maps create, edit, delete, show and list onto the declared API paths', () => {
    expect(entityActionPath(brand, 'create')).toBe('/brand/create');
    expect(entityActionPath(brand, 'edit')).toBe('/brand/update/1');
    expect(entityActionPath(brand, 'delete')).toBe('/brand/delete/1');
    expect(entityActionPath(brand, 'show')).toBe('/brand/1');
    expect(entityActionPath(brand, 'list')).toBe('/brand/list');
    expect(entityActionPath(brand, 'export')).toBe('/brand/list');
  });

  it('fills path parameters of list paths and uses the batch delete path of batch-delete entities', () => {
    expect(entityActionPath(menu, 'list')).toBe('/menu/list/1');
    expect(entityActionPath(productCategory, 'list')).toBe('/productCategory/list/1');
    expect(entityActionPath(role, 'delete')).toBe('/role/delete');
  });

  it('maps a field setter onto its batch or toggle path', () => {
    expect(entityActionPath(role, setAction('status'))).toBe('/role/updateStatus/1');
    expect(entityActionPath(menu, setAction('hidden'))).toBe('/menu/updateHidden/1');
    expect(entityActionPath(brand, setAction('showStatus'))).toBe('/brand/update/showStatus');
    expect(entityActionPath(adminAccount, setAction('status'))).toBe('/admin/updateStatus/1');
    expect(entityActionPath(brand, setAction('name'))).toBeNull();
  });

  it('answers null for routes the declaration switches off', () => {
    expect(entityActionPath({ ...resource, routes: { create: false, update: false, delete: false } }, 'create')).toBeNull();
    expect(entityActionPath({ ...resource, routes: { create: false, update: false, delete: false } }, 'edit')).toBeNull();
    expect(entityActionPath({ ...resource, routes: { create: false, update: false, delete: false } }, 'delete')).toBeNull();
  });

  it('maps declared actions onto their API paths and knows nothing of route names', () => {
    expect(accessApiPath('role', actionOperation('allocMenu'))).toBe('/role/allocMenu');
    expect(accessApiPath('role', actionOperation('listMenu'))).toBe('/role/listMenu/1');
    expect(accessApiPath('allocMenu', 'list')).toBeUndefined();
    expect(accessApiPath('admin', 'create')).toBe('/admin/create');
  });
});

describe('canAccess with resources', () => {
  const umsMenus = [row(1, 0, 'ums'), row(2, 1, 'admin'), row(3, 1, 'role'), row(4, 1, 'resource'), row(5, 0, 'pms'), row(6, 1, 'brand')];

  it('allows everything to the super admin pattern', () => {
    const s = session(umsMenus, ['/**']);
    for (const action of ['list', 'create', 'edit', 'delete', setAction('status')]) expect(sessionCanAccess(s, 'role', action)).toBe(true);
    expect(sessionCanAccess(s, 'role', actionOperation('allocMenu'))).toBe(true);
  });

  it('hides what no pattern covers, even with the menu', () => {
    const s = session(umsMenus, ['/role/list', '/role/listAll', '/brand/**']);
    expect(sessionCanAccess(s, 'role', 'list')).toBe(true);
    expect(sessionCanAccess(s, 'role', 'create')).toBe(false);
    expect(sessionCanAccess(s, 'role', 'edit')).toBe(false);
    expect(sessionCanAccess(s, 'role', 'delete')).toBe(false);
    expect(sessionCanAccess(s, 'role', setAction('status'))).toBe(false);
    expect(sessionCanAccess(s, 'role', actionOperation('allocMenu'))).toBe(false);
    expect(sessionCanAccess(s, 'brand', 'delete')).toBe(true);
  });

  it('matches segment-wise, as the server does', () => {
    const s = session([row(1, 0, 'ums'), row(2, 1, 'resource'), row(3, 1, 'resourceCategory')], ['/resource/**']);
    expect(sessionCanAccess(s, 'resource', 'create')).toBe(true);
    expect(sessionCanAccess(s, 'resourceCategory', 'create')).toBe(false);
  });

  it('still needs the menus: a pattern alone does not open a route the menus do not grant', () => {
    const s = session([row(1, 0, 'pms'), row(2, 1, 'brand')], ['/**']);
    expect(sessionCanAccess(s, 'role', 'list')).toBe(false);
    expect(sessionCanAccess(s, 'admin', 'create')).toBe(false);
    expect(sessionCanAccess(s, 'role', 'list')).toBe(false);
  });

  it('grants route names by the menus only, and declared actions by the patterns only', () => {
    const s = session(umsMenus, []);
    expect(sessionCanAccess(s, 'role', 'list')).toBe(false);
    expect(sessionCanAccess(s, 'allocMenu', 'list')).toBe(true);
    expect(sessionCanAccess(s, 'admin', actionOperation('updateRoles'))).toBe(false);
    expect(sessionCanAccess(session([], ['/admin/**']), 'admin', actionOperation('updateRoles'))).toBe(true);
    expect(sessionCanAccess(session([], ['/admin/**']), 'admin', actionOperation('nope'))).toBe(false);
  });

  it('hides nothing by pattern when the server does not report resources', () => {
    const s = session(umsMenus, undefined);
    expect(sessionCanAccess(s, 'role', 'delete')).toBe(true);
  });

  it('denies an action the declaration has no route for', () => {
    const s = session([row(1, 0, 'ums'), row(2, 1, 'auditLog')], ['/**']);
    const readOnly = { ...resource, routes: { create: false } };
    expect(entityActionPath(readOnly, 'create')).toBeNull();
    expect(sessionCanAccess(s, 'nonsense', 'list')).toBe(false);
  });
});
