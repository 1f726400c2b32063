// Protects: the Kysely table types derived from declarations (server/db/declared.ts) and the run-time column lists
// (tableColumnsOf): a declared field is a column of its kind's type, null only when the declaration allows it, a
// virtual one is none, child rows and relations add their tables; builders keep the options the types need.
import type { Generated } from 'kysely';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { z } from 'zod';
import type { DeclaredTables, SnakeCase, TableOf } from '../../server/db/declared';
import type { Database, Timestamp } from '../../server/db/schema';
import { TABLE_COLUMNS } from '../../server/db/schema';
import {
  childRows, dateTime, defineEntity, enumeration, flag, images, int, json, money, name, reference, referenceName, references,
  tableColumnsOf, text,
} from '../../src/schema/engine/entity';
import type { RecordOf } from '../../src/schema/engine/entity';

/** A small entity with one field of each shape the derivation tells apart. */
const fxCrate = defineEntity({
  name: 'fxCrate', path: '/fxCrate', table: 'fx_crate', tenant: 'shop_id', display: 'label', menu: { route: 'brand' },
  fields: {
    label: name(),
    shelfCode: text({ column: 'shelf' }),
    weightGrams: int({ required: true }),
    price: money({ default: 0 }),
    sealed: flag({ default: 0 }),
    size: enumeration([{ value: 's', label: 'small' }, { value: 'l', label: 'large' }]),
    state: enumeration([{ value: 0, label: 'open' }, { value: 1, label: 'closed' }], { default: 0 }),
    photos: images({ joined: true }),
    meta: json(z.object({ a: z.number() })),
    packedTime: dateTime({ auto: 'create' }),
    checkedTime: dateTime({ serverManaged: true }),
    ownerId: reference('admin', 'username'),
    ownerName: referenceName('ownerId'),
    tagIds: references('fxTag', 'name', { relation: { table: 'fx_crate_tag', own: 'crate_id', other: 'tag_id' } }),
    items: childRows({ table: 'fx_crate_item', link: 'crate_id', tenant: 'shop_id', fields: { sku: text({ required: true }), qty: int() } }),
  },
});

describe('table types derived from a declaration', () => {
  type Crate = TableOf<typeof fxCrate>;

  it('maps each field to its snake_case column with its kind\'s type, and leaves virtual fields out', () => {
    expectTypeOf<Crate>().toEqualTypeOf<{
      id: Generated<number>;
      label: string;
      shelf: string | null;
      weight_grams: number;
      price: number;
      sealed: number;
      size: string | null;
      state: number;
      photos: string | null;
      meta: string | null;
      packed_time: Timestamp;
      checked_time: Timestamp | null;
      owner_id: number | null;
      shop_id: number;
    }>();
    expectTypeOf<Crate>().not.toHaveProperty('owner_name');
    expectTypeOf<Crate>().not.toHaveProperty('tag_ids');
    expectTypeOf<Crate>().not.toHaveProperty('items');
  });

  it('adds the child rows\' and the relation\'s tables', () => {
    type Tables = DeclaredTables<{ fxCrate: typeof fxCrate }>;
    expectTypeOf<keyof Tables>().toEqualTypeOf<'fx_crate' | 'fx_crate_item' | 'fx_crate_tag'>();
    expectTypeOf<Tables['fx_crate_item']>().toEqualTypeOf<{ id: Generated<number>; crate_id: number; shop_id: number; sku: string; qty: number | null }>();
    expectTypeOf<Tables['fx_crate_tag']>().toEqualTypeOf<{ id: Generated<number>; crate_id: number; tag_id: number }>();
  });

  it('lists the same columns at run time', () => {
    expect(tableColumnsOf(fxCrate).map((t) => [t.table, [...t.columns].sort()])).toEqual([
      ['fx_crate', ['checked_time', 'id', 'label', 'meta', 'owner_id', 'packed_time', 'photos', 'price', 'sealed', 'shelf', 'shop_id', 'size', 'state', 'weight_grams']],
      ['fx_crate_tag', ['crate_id', 'id', 'tag_id']],
      ['fx_crate_item', ['crate_id', 'id', 'qty', 'shop_id', 'sku']],
    ]);
  });

  it('snake-cases as columnOf does', () => {
    expectTypeOf<SnakeCase<'quotaStorageMb'>>().toEqualTypeOf<'quota_storage_mb'>();
    expectTypeOf<SnakeCase<'priviledgeSignIn'>>().toEqualTypeOf<'priviledge_sign_in'>();
  });

  it('keeps the literal options the record type reads, and still refuses a misspelt option', () => {
    expectTypeOf<RecordOf<typeof fxCrate>['label']>().toEqualTypeOf<string>();
    expectTypeOf<RecordOf<typeof fxCrate>['shelfCode']>().toEqualTypeOf<string | null>();
    expectTypeOf<RecordOf<typeof fxCrate>['sealed']>().toEqualTypeOf<0 | 1>();
    // @ts-expect-error `lenght` is no option of a text field
    text({ required: true, lenght: [1, 2] });
  });
});

describe('the Database type of the declared tables', () => {
  it('derives them from their entities', () => {
    expectTypeOf<Database['ums_role']['name']>().toEqualTypeOf<string>();
    expectTypeOf<Database['ums_role']['code']>().toEqualTypeOf<string | null>();
    expectTypeOf<Database['ums_resource']['category_id']>().toEqualTypeOf<number>();
    expectTypeOf<Database['ums_resource']>().not.toHaveProperty('category_name');
    expectTypeOf<Database['mold']['status']>().toEqualTypeOf<number>();
    expectTypeOf<Database['pms_product_category_attribute_relation']['product_attribute_id']>().toEqualTypeOf<number>();
  });

  it('lists every table\'s columns, the declared ones from their declaration', () => {
    expect(TABLE_COLUMNS.ums_resource).toEqual(['id', 'name', 'url', 'description', 'category_id', 'create_time']);
    expect(TABLE_COLUMNS.ums_admin_session).toContain('expire_time');
  });
});
