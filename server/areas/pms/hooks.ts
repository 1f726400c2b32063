/**
 * Products-area rules the declarations cannot state: a brand's first letter, the attribute
 * counters of product types, and mall's read of a category's filter attributes with their types.
 * (The filter attributes themselves are a declared reference list, src/schema/pms/entities.ts.)
 */
import type { brand, productAttribute, productCategory } from '../../../src/schema/pms/entities';
import type { Db, EntityHooks } from '../../crud/hooks';
import { notFound } from '../../http/errors';

export const brandHooks: EntityHooks<typeof brand> = {
  // `mall` defaults an empty first letter to the name's first character.
  beforeWrite: ({ input, before }, row) => {
    const name = (input.name ?? before?.name) as string | undefined;
    const letter = 'firstLetter' in input ? input.firstLetter : before ? undefined : null;
    if (name && (letter === null || letter === '')) row.first_letter = name.charAt(0).toUpperCase();
    return row;
  },
};

type Counter = 'attribute_count' | 'param_count';
const counterOf = (type: number): Counter => (type === 1 ? 'param_count' : 'attribute_count');

const bump = async (trx: Db, categoryId: number, column: Counter, delta: number) => {
  const row = await trx.selectFrom('pms_product_attribute_category').select(column).where('id', '=', categoryId).executeTakeFirst();
  if (!row) return;
  await trx.updateTable('pms_product_attribute_category')
    .set({ [column]: Math.max(0, Number(row[column]) + delta) })
    .where('id', '=', categoryId).execute();
};

export const productAttributeHooks: EntityHooks<typeof productAttribute> = {
  views: {
    // mall's `GET /productAttribute/attrInfo/{productCategoryId}`: the category's filter attributes,
    // each with its product type, for the category form.
    attrInfo: async (db, { productCategoryId }) => {
      const category = await db.selectFrom('pms_product_category').select('id').where('id', '=', productCategoryId!).executeTakeFirst();
      if (!category) throw notFound();
      const rows = await db.selectFrom('pms_product_category_attribute_relation as r')
        .innerJoin('pms_product_attribute as a', 'a.id', 'r.product_attribute_id')
        .select(['r.product_attribute_id', 'a.product_attribute_category_id'])
        .where('r.product_category_id', '=', productCategoryId!).orderBy('r.id').execute();
      return rows.map((r: { product_attribute_id: unknown; product_attribute_category_id: unknown }) =>
        ({ attributeId: Number(r.product_attribute_id), attributeCategoryId: Number(r.product_attribute_category_id) }));
    },
  },
  // Counters follow every change of type or product type, unlike mall's first-id-only update.
  afterWrite: async ({ trx, before }, record) => {
    if (before && before.productAttributeCategoryId === record.productAttributeCategoryId && before.type === record.type) return;
    if (before) await bump(trx, Number(before.productAttributeCategoryId), counterOf(before.type), -1);
    await bump(trx, Number(record.productAttributeCategoryId), counterOf(record.type), 1);
  },
  beforeDelete: async (trx, _entity, records) => {
    for (const record of records) await bump(trx, Number(record.productAttributeCategoryId), counterOf(record.type), -1);
  },
};

/**
 * Spec 177: a category keeps at least one filter attribute. An update that empties a list that
 * holds some is refused (`at_least_one`), as the form refuses removing the last row; a category
 * that has none may stay without (mall's form sends `[]` when no row is picked, on create and edit).
 */
export const productCategoryHooks: EntityHooks<typeof productCategory> = {
  validate: async ({ trx, before, input, lock }) => {
    if (!before || !Array.isArray(input.productAttributeIdList) || input.productAttributeIdList.length) return [];
    const kept = await lock(trx.selectFrom('pms_product_category_attribute_relation').select('id')
      .where('product_category_id', '=', before.id).limit(1)).executeTakeFirst();
    return kept ? [{ field: 'productAttributeIdList', messageKey: 'at_least_one' }] : [];
  },
};
