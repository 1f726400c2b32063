// Protects: the built-in roles' grants are derived once from the declarations (the seller's from the seller menu),
// and every name the seller menu or a staff role lists is a real section, page, resource category or resource.
import { describe, expect, it } from 'vitest';
import { RESOURCE_CATEGORIES, SEED_ROLES } from '../../src/schema/resources';
import { SECTIONS, SELLER_MENU } from '../../src/schema/routes';
import { declaredBuiltinGrants, sellerMenuNames, STAFF_GRANTS } from '../../server/auth/builtin-roles';

const sectionNamed = (name: string) => SECTIONS.find((s) => s.name === name);
const urls = new Set(RESOURCE_CATEGORIES.flatMap((c) => c.resources.map((r) => r.url)));

describe('the built-in roles\' grants', () => {
  it('give the seller exactly the sections of the seller menu and the pages it lists', () => {
    const expected = Object.entries(SELLER_MENU).flatMap(([section, pages]) =>
      [section, ...(pages === 'all' ? sectionNamed(section)!.children.map((c) => c.name) : pages)]);
    expect([...sellerMenuNames()].sort()).toEqual(expected.sort());
    expect(declaredBuiltinGrants().get(SEED_ROLES.seller.code)?.menu).toEqual(sellerMenuNames());
  });

  it('name no section or page the route table lacks (a renamed route cannot drop out of the seller menu unseen)', () => {
    for (const [section, pages] of Object.entries(SELLER_MENU)) {
      const declared = sectionNamed(section);
      expect(declared, section).toBeDefined();
      if (pages === 'all') continue;
      const children = declared!.children.map((c) => c.name);
      for (const page of pages) expect(children, `${section}/${page}`).toContain(page);
    }
    for (const staff of Object.values(STAFF_GRANTS)) {
      expect(sectionNamed(staff.menuSection), staff.role.code).toBeDefined();
      expect(RESOURCE_CATEGORIES.map((c) => c.name), staff.role.code).toContain(staff.category);
      for (const url of staff.extraUrls) expect(urls.has(url), `${staff.role.code}: ${url}`).toBe(true);
    }
  });

  it('give the super admin every menu and resource, and every built-in role only declared resources', () => {
    const grants = declaredBuiltinGrants();
    const everyMenu = SECTIONS.flatMap((s) => [s.name, ...s.children.map((c) => c.name)]);
    expect(grants.get(SEED_ROLES.superAdmin.code)?.menu).toEqual(everyMenu);
    expect(new Set(grants.get(SEED_ROLES.superAdmin.code)?.resource)).toEqual(urls);
    for (const [code, grant] of grants) for (const url of grant.resource) expect(urls.has(url), `${code}: ${url}`).toBe(true);
  });
});
