/**
 * Products: what the declaration (src/schema/pms/product.ts) cannot say. A product sits in a
 * second-level category; its brand's and category's `productCount` count the live products
 * (create, change, recycle, restore, transfer), and a linked special topic's its live linked
 * products; empty SKU codes get mall's generated code; the
 * verify, transfer, simple list and SKU actions; the product quota meter.
 */
import { sql } from 'kysely';
import type { FieldError } from '../../../src/schema/api';
import { fieldError } from '../../../src/schema/api';
import { childEntityOf, columnOf } from '../../../src/schema/engine/entity';
import { product } from '../../../src/schema/pms/product';
import { IN_BIN, LIVE } from '../../../src/schema/engine/recycleBin';
import { toCount } from '../../db/index';
import { toDbTime } from '../../db/time';
import { validationFailed } from '../../http/errors';
import { entityActions } from '../../crud/actions';
import type { Db, EntityHooks, RuleError } from '../../crud/hooks';
import { scopeWhere } from '../../crud/repository';
import type { ApiRecord } from '../../crud/row';
import { fromRow, toColumnValue } from '../../crud/row';
import type { QuotaMeter } from '../capacity/registry';

/** Second-level categories only (level 1 in mall's numbering): products never sit in a top one. */
const SECOND_LEVEL = 1;

const categoryLevel = async (db: Db, id: number): Promise<number | null> => {
  const row = await db.selectFrom('pms_product_category').select('level').where('id', '=', id).executeTakeFirst();
  return row ? Number(row.level) : null;
};

/** Adds `delta` to the live-product count of a brand or category (never below 0). */
const bump = async (trx: Db, table: 'pms_brand' | 'pms_product_category', id: unknown, delta: number): Promise<void> => {
  if (id === null || id === undefined || !delta) return;
  await trx.updateTable(table)
    .set({ product_count: sql`case when product_count + ${delta} < 0 then 0 else product_count + ${delta} end` })
    .where('id', '=', Number(id)).execute();
};

const countFor = async (trx: Db, record: Record<string, unknown>, delta: number): Promise<void> => {
  await bump(trx, 'pms_brand', record.brandId, delta);
  await bump(trx, 'pms_product_category', record.productCategoryId, delta);
};

/** The special topics a product is linked to, as its record carries them (relation rows, or ids). */
const subjectIdsOf = (record: Record<string, unknown> | null | undefined): number[] => {
  const list = record?.[SUBJECTS];
  return Array.isArray(list) ? list.map((pick: unknown) => Number(pick !== null && typeof pick === 'object' ? (pick as Record<string, unknown>).subjectId : pick)) : [];
};
const SUBJECTS = 'subjectProductRelationList';

/** A topic's `productCount` recounted: its live linked products (after the write that changed them). */
const recountSubjects = async (trx: Db, ids: readonly number[]): Promise<void> => {
  const unique = [...new Set(ids)].filter((id) => Number.isInteger(id) && id > 0);
  if (!unique.length) return;
  await trx.updateTable('cms_subject')
    .set({
      product_count: sql`(select count(*) from cms_subject_product_relation r inner join pms_product p on p.id = r.product_id
        where r.subject_id = cms_subject.id and p.delete_status = ${LIVE})`,
    })
    .where('id', 'in', unique).execute();
};

/** Products moving into the bin (-1) or out of it (+1): their topics count them or stop counting them. */
const bumpSubjectsOf = async (trx: Db, productIds: readonly number[], delta: number): Promise<void> => {
  if (!productIds.length) return;
  const links = await trx.selectFrom('cms_subject_product_relation').select('subject_id').where('product_id', 'in', [...productIds]).execute();
  for (const link of links) {
    await trx.updateTable('cms_subject')
      .set({ product_count: sql`case when product_count + ${delta} < 0 then 0 else product_count + ${delta} end` })
      .where('id', '=', Number(link.subject_id)).execute();
  }
};

/** mall's SKU code: `yyyyMMdd` + the product id in 4 digits + the SKU's 1-based index in 3. */
const skuCodeOf = (productId: number, index: number, now = new Date()): string =>
  `${now.toISOString().slice(0, 10).replace(/-/g, '')}${String(productId).padStart(4, '0')}${String(index + 1).padStart(3, '0')}`;

const fillSkuCodes = async (trx: Db, productId: number): Promise<void> => {
  const skus = await trx.selectFrom('pms_sku_stock').select(['id', 'sku_code']).where('product_id', '=', productId).orderBy('id').execute();
  for (const [index, sku] of skus.entries()) {
    if (sku.sku_code) continue;
    await trx.updateTable('pms_sku_stock').set({ sku_code: skuCodeOf(productId, index) }).where('id', '=', sku.id).execute();
  }
};

export const productHooks: EntityHooks<typeof product> = {
  validate: async ({ trx, record }) => {
    const errors: RuleError[] = [];
    const level = await categoryLevel(trx, Number(record.productCategoryId));
    // A missing category is the engine's invalid_reference already; a top-level one is no place for a product.
    if (level !== null && level !== SECOND_LEVEL) errors.push({ field: 'productCategoryId', messageKey: 'invalid_reference' });
    return errors;
  },
  afterWrite: async ({ trx, before }, record) => {
    if (!before) await countFor(trx, record, 1);
    else if (before.deleteStatus !== IN_BIN) {
      if (before.brandId !== record.brandId) { await bump(trx, 'pms_brand', before.brandId, -1); await bump(trx, 'pms_brand', record.brandId, 1); }
      if (before.productCategoryId !== record.productCategoryId) {
        await bump(trx, 'pms_product_category', before.productCategoryId, -1);
        await bump(trx, 'pms_product_category', record.productCategoryId, 1);
      }
    }
    await fillSkuCodes(trx, record.id);
    // Topics linked before or after the write (a product in the bin counts for none).
    await recountSubjects(trx, [...subjectIdsOf(before), ...subjectIdsOf(record)]);
  },
  // Into the bin and out of it: the product stops or starts counting.
  beforeSetField: async ({ trx, records, field, value }) => {
    if (field !== product.softDelete!.field) return;
    for (const record of records) await countFor(trx, record, value === IN_BIN ? -1 : 1);
    await bumpSubjectsOf(trx, records.map((r) => r.id), value === IN_BIN ? -1 : 1);
  },
  views: {
    // Joins `GET /product/updateInfo/{id}` (the engine has read the product in the caller's scope).
    updateInfo: async (db, { id }) => {
      const row = await db.selectFrom('pms_product as p').leftJoin('pms_product_category as c', 'c.id', 'p.product_category_id')
        .select('c.parent_id').where('p.id', '=', id!).executeTakeFirst();
      return { cateParentId: row?.parent_id === null || row?.parent_id === undefined ? null : Number(row.parent_id) };
    },
  },
};

const sku = childEntityOf(product, 'skuStockList');
const skuJson = (row: Record<string, unknown>): ApiRecord => ({ ...fromRow(sku, row), productId: Number(row.product_id) });

const rowError = (field: string, messageKey: 'invalid_reference' | 'required'): FieldError => fieldError(field, messageKey);

export const productActions = entityActions(product, {
  // mall's `/product/update/verifyStatus?ids=&verifyStatus=&detail=`: the flag and one verification record per product.
  verify: async ({ trx, records, params, actor }) => {
    const ids = records.map((r) => r.id);
    await trx.updateTable('pms_product').set({ verify_status: params.verifyStatus }).where('id', 'in', ids).execute();
    const admin = actor.adminId === null ? null
      : await trx.selectFrom('ums_admin').select('username').where('id', '=', actor.adminId).executeTakeFirst();
    const now = toDbTime();
    for (const id of ids) {
      await trx.insertInto('pms_product_vertify_record')
        .values({ product_id: id, create_time: now, vertify_man: admin?.username ?? null, status: params.verifyStatus, detail: params.detail }).execute();
    }
    return {
      data: ids.length,
      changes: records.map((r) => ({ id: r.id, before: { verifyStatus: r.verifyStatus }, after: { verifyStatus: params.verifyStatus, detail: params.detail } })),
    };
  },
  transferCategory: async ({ trx, records, params }) => {
    const target = params.productCategoryId!;
    if (await categoryLevel(trx, target) !== SECOND_LEVEL) throw validationFailed([rowError('productCategoryId', 'invalid_reference')]);
    const moved = records.filter((r) => r.productCategoryId !== target);
    for (const record of moved) {
      await bump(trx, 'pms_product_category', record.productCategoryId, -1);
      await bump(trx, 'pms_product_category', target, 1);
    }
    if (moved.length) await trx.updateTable('pms_product').set({ product_category_id: target }).where('id', 'in', moved.map((r) => r.id)).execute();
    return {
      data: records.length,
      changes: moved.map((r) => ({ id: r.id, before: { productCategoryId: r.productCategoryId }, after: { productCategoryId: target } })),
    };
  },
  // Not paged in mall; a keyword narrows it, and at most a page's worth is answered.
  simpleList: async ({ trx, params, actor }) => {
    const keyword = params.keyword ? `%${params.keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
    const rows = await trx.selectFrom('pms_product').selectAll()
      .where((eb) => eb.and([
        scopeWhere(product, eb, actor.scope),
        ...(keyword ? [eb.or([eb('name', 'like', keyword), eb('product_sn', 'like', keyword)])] : []),
      ]))
      .orderBy('id', 'desc').limit(200).execute();
    return { data: rows.map((row) => fromRow(product, row, { list: true })) };
  },
  skuList: async ({ trx, record: owner, params }) => {
    let query = trx.selectFrom('pms_sku_stock').selectAll().where('product_id', '=', owner.id);
    if (params.keyword) query = query.where('sku_code', 'like', `%${params.keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
    const rows = await query.orderBy('id').execute();
    return { data: rows.map(skuJson) };
  },
  // The SKUs as `/sku/{pid}` answered them, with stock or prices edited: each row names one of the
  // product's SKUs by id and changes what it sends (mall replaces the row, resetting the promotion price).
  skuUpdate: async ({ trx, record: owner, params }) => {
    const rows = params.skuStockList as readonly Record<string, unknown>[];
    const stored = await trx.selectFrom('pms_sku_stock').selectAll().where('product_id', '=', owner.id).execute();
    const byId = new Map(stored.map((row) => [Number(row.id), row]));
    const errors = rows.flatMap((row, index) =>
      (row.id === undefined ? [rowError(`skuStockList.${index}.id`, 'required')]
        : byId.has(Number(row.id)) ? [] : [rowError(`skuStockList.${index}.id`, 'invalid_reference')]));
    if (errors.length) throw validationFailed(errors);
    const changes = [];
    for (const row of rows) {
      const set = Object.fromEntries(Object.entries(row).filter(([key]) => key !== 'id' && Object.hasOwn(sku.fields, key))
        .map(([key, value]) => [columnOf(key, sku.fields[key]!), toColumnValue(sku.fields[key]!, value)]));
      if (!Object.keys(set).length) continue;
      await trx.updateTable('pms_sku_stock').set(set).where('id', '=', Number(row.id)).execute();
      changes.push({ table: 'pms_sku_stock', id: Number(row.id), before: skuJson(byId.get(Number(row.id))!), after: row });
    }
    return { data: rows.length, changes };
  },
});

/** Products in the shops an admin owns (the bin's too: they still hold their place until deleted for good). */
export const productsMeter: QuotaMeter = {
  key: 'products', unit: 'count', quota: 'quotaProducts', guards: ['product'], tables: ['pms_product', 'shop'],
  count: async (db, adminId) => {
    const row = await db.selectFrom('pms_product').innerJoin('shop', 'shop.id', 'pms_product.shop_id')
      .select((eb) => eb.fn.countAll().as('n')).where('shop.owner_id', '=', adminId).executeTakeFirst();
    return toCount(row?.n as string | number | undefined);
  },
  subjectOf: async (db, values) => {
    const shopId = Number(values.shopId);
    if (!Number.isInteger(shopId) || shopId < 1) return null;
    const shop = await db.selectFrom('shop').select('owner_id').where('id', '=', shopId).executeTakeFirst();
    return shop?.owner_id === undefined || shop.owner_id === null ? null : Number(shop.owner_id);
  },
};
