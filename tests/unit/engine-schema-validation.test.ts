// Protects: validation derived from the entity declarations (lengths, required, kinds, cross-field rules) and the consistency of the declarations themselves.
import { describe, expect, it } from 'vitest';
import { ENTITIES, entityList } from '../../src/schema/entities';
import { columnFields, columnOf, filterOf } from '../../src/schema/engine/entity';
import { SECTIONS } from '../../src/schema/routes';
import { createSchema, refineErrors, updateSchema, validate } from '../../src/schema/validation';

const { brand, homeAdvertise, productAttribute, productCategory } = ENTITIES;

const keysOf = (result: ReturnType<typeof validate>) => (result.ok ? [] : result.errors.map((e) => `${e.field}:${e.messageKey}`));

describe('validation derived from declarations', () => {
  it('refuses names outside 2 to 140 characters with the length message', () => {
    const result = validate(createSchema(brand), { name: 'a', logo: '/a.png' }, brand);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.errors[0]).toMatchObject({ field: 'name', messageKey: 'length_between', message: 'length must be between 2 and 140 characters' });
    expect(keysOf(validate(createSchema(brand), { name: 'x'.repeat(141), logo: '/a.png' }, brand))).toEqual(['name:length_between']);
    expect(validate(createSchema(brand), { name: 'ab', logo: '/a.png' }, brand).ok).toBe(true);
  });

  it('reports missing required fields, unknown and server-managed fields', () => {
    expect(keysOf(validate(createSchema(brand), { productCount: 3, id: 9, shopId: 1 }, brand)).sort()).toEqual(
      ['id:unknown_field', 'logo:required', 'name:required', 'productCount:unknown_field', 'shopId:unknown_field']);
  });

  it('keeps update selective but never nulls a required field', () => {
    expect(validate(updateSchema(brand), { sort: 3 }, brand).ok).toBe(true);
    expect(keysOf(validate(updateSchema(brand), { name: null }, brand))).toEqual(['name:required']);
    expect(keysOf(validate(updateSchema(productAttribute), { type: 1 }, productAttribute))).toEqual(['type:unknown_field']);
  });

  it('checks flags, enums, dates and numbers by kind', () => {
    expect(keysOf(validate(createSchema(homeAdvertise), {
      name: 'Spring sale', type: 7, pic: 'not a url', startTime: '2024-13-01', endTime: '2024-05-01T00:00:00Z', url: 'https://shop.example/x', status: 2, sort: -1,
    }, homeAdvertise)).sort()).toEqual(['pic:invalid_format', 'sort:too_small', 'startTime:invalid_date', 'status:invalid_value', 'type:invalid_value']);
  });

  it('refuses an advertisement that expires before it starts', () => {
    expect(refineErrors(homeAdvertise, { startTime: '2024-05-02T00:00:00Z', endTime: '2024-05-01T00:00:00Z' }))
      .toMatchObject([{ field: 'endTime', messageKey: 'expire_before_start' }]);
    expect(refineErrors(homeAdvertise, { startTime: '2024-05-01T00:00:00Z', endTime: '2024-05-02T00:00:00Z' })).toEqual([]);
  });

  it('refuses empty or repeated attribute values', () => {
    expect(refineErrors(productAttribute, { inputType: 1, inputList: 'red,,blue' })[0]?.messageKey).toBe('attr_values_invalid');
    expect(refineErrors(productAttribute, { inputType: 1, inputList: 'red,blue,red' })[0]?.messageKey).toBe('attr_values_invalid');
    expect(refineErrors(productAttribute, { inputType: 1, inputList: 'red,blue' })).toEqual([]);
  });

  it('allows up to three filter attributes on a category', () => {
    expect(keysOf(validate(createSchema(productCategory), { name: 'Phones', productAttributeIdList: [1, 2, 3, 4] }, productCategory)))
      .toEqual(['productAttributeIdList:up_to_three']);
    expect(validate(createSchema(productCategory), { name: 'Phones', productAttributeIdList: [1, 2, 3] }, productCategory).ok).toBe(true);
  });
});

describe('declarations are consistent', () => {
  const routeNames = new Set(SECTIONS.flatMap((s) => s.children.map((c) => c.name)));

  it.each(entityList.map((e) => [e.name, e] as const))('%s names existing routes and sane fields', (_name, entity) => {
    for (const route of [entity.menu.route, entity.menu.create, entity.menu.edit].filter(Boolean)) {
      expect(routeNames.has(route as string)).toBe(true);
    }
    expect(entity.display === 'id' || entity.display in entity.fields).toBe(true);
    for (const [fieldName, decl] of Object.entries(entity.fields)) {
      expect(columnOf(fieldName, decl)).toMatch(/^[a-z][a-z0-9_]*$/);
      // A flag's switch, or a whole number edited in its cell (a recommendation's sort).
      if (decl.toggle) expect(['flag', 'int']).toContain(decl.kind);
      const filter = filterOf(fieldName, decl);
      if (filter) expect(filter.param).toMatch(/^[a-zA-Z]+$/);
    }
    for (const batch of entity.batch ?? []) {
      if (batch.kind === 'set') expect(entity.fields[batch.field]).toBeDefined();
    }
    for (const placeholder of (entity.listPath ?? '').match(/\{(\w+)\}/g) ?? []) {
      const fieldName = placeholder.slice(1, -1);
      expect(filterOf(fieldName, entity.fields[fieldName]!)).not.toBeNull();
    }
    expect(columnFields(entity).length).toBeGreaterThan(0);
  });
});
