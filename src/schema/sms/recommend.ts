/**
 * The home page's four recommendation lists (`mall`'s `sms_home_*`): brands, new products,
 * popular products and special topics. One shape, declared four times: a recommendation is an
 * entity holding one unique reference (a brand, product or topic recommended once), the picked
 * record's name joined in and filtered on, a recommend switch and a sort. A recommended product
 * also shows its price, stock and sale state (./saleState.ts), read from it on every answer, so a
 * product that left sale since it was picked stands out. `create` takes an
 * array (`createMany`: the admin adds several at once from a searchable picker) and stores each
 * pick switched on with sort 0, as `mall` forces them (both fields are server-managed, so values
 * posted with the picks are ignored); the switch and the sort change through their set paths.
 */
import type { FieldDecl } from '../engine/entity';
import { defineEntity, flag, int, reference, referenceName } from '../engine/entity';
import { promotedProductFields } from './saleState';

/** `mall`'s recommend status (0 not recommended, 1 recommending); a switch in the list. */
const recommendStatus = flag({
  default: 1, serverManaged: true, list: true, toggle: '/update/recommendStatus',
  filter: { param: 'recommendStatus', op: 'eq', alwaysOn: true },
});
/** Higher first (`mall`'s lists are `sort desc`); edited in place in the list (`/update/sort/{id}?sort=`). */
const sort = int({ default: 0, min: 0, max: 999_999, serverManaged: true, list: true, sortable: true, toggle: '/update/sort/{id}' });

type Recommendation<Tb extends string, K extends string, N extends string, X extends Record<string, FieldDecl>> = {
  readonly name: string;
  readonly path: string;
  readonly table: Tb;
  /** The route of its list screen (src/schema/routes.ts, section `sms`). */
  readonly route: string;
  /** What is recommended: the target entity and its name field, and the two field names `mall` uses (`brandId`, `brandName`). */
  readonly target: { readonly entity: string; readonly display: string; readonly id: K; readonly name: N };
  /** Read-only columns read from the picked record beside its name (a product's price, stock and sale state). */
  readonly shows?: X;
};

type RecommendationFields<K extends string, N extends string> =
  & { readonly [P in K]: FieldDecl<number, 'reference'> & { readonly required: true } }
  & { readonly [P in N]: FieldDecl<string, 'text'> & { readonly serverManaged: true; readonly virtual: true } }
  & { readonly recommendStatus: typeof recommendStatus; readonly sort: typeof sort };

const recommendation = <const Tb extends string, const K extends string, const N extends string, const X extends Record<string, FieldDecl> = Record<never, never>>(
  o: Recommendation<Tb, K, N, X>,
) => {
  const { target } = o;
  const fields = {
    [target.id]: reference(target.entity, target.display, { required: true, immutable: true }),
    // The picked record's name, read from it on every answer (a renamed brand shows its new name)
    // and filtered on by `mall`'s parameter (`brandName`, LIKE).
    [target.name]: referenceName(target.id, { list: true, filter: { param: target.name, op: 'like', alwaysOn: true } }),
    ...o.shows,
    recommendStatus,
    sort,
  } as unknown as RecommendationFields<K, N> & X;
  return defineEntity({
    name: o.name, path: o.path, table: o.table, tenant: null, display: target.name,
    menu: { route: o.route },
    defaultSort: { field: 'sort', order: 'DESC' },
    fields,
    // mall's lists have no single-record edit: the switch and the sort are the only changes.
    routes: { update: false },
    createMany: { pick: target.id },
    deleteStyle: 'batch',
    batch: [
      { kind: 'delete', path: '/delete' },
      { kind: 'set', path: '/update/recommendStatus', field: 'recommendStatus' },
    ],
    // One recommendation per brand, product or topic: a unique index, so parallel adds end with one.
    unique: [{ fields: [target.id] as never, messageKey: 'already_recommended' }],
  });
};

export const homeBrand = recommendation({
  name: 'homeBrand', path: '/home/brand', table: 'sms_home_brand', route: 'homeBrand',
  target: { entity: 'brand', display: 'name', id: 'brandId', name: 'brandName' },
});

export const homeNewProduct = recommendation({
  name: 'homeNewProduct', path: '/home/newProduct', table: 'sms_home_new_product', route: 'homeNew',
  target: { entity: 'product', display: 'name', id: 'productId', name: 'productName' },
  shows: promotedProductFields(true),
});

export const homeRecommendProduct = recommendation({
  name: 'homeRecommendProduct', path: '/home/recommendProduct', table: 'sms_home_recommend_product', route: 'homeHot',
  target: { entity: 'product', display: 'name', id: 'productId', name: 'productName' },
  shows: promotedProductFields(true),
});

export const homeRecommendSubject = recommendation({
  name: 'homeRecommendSubject', path: '/home/recommendSubject', table: 'sms_home_recommend_subject', route: 'homeSubject',
  target: { entity: 'subject', display: 'title', id: 'subjectId', name: 'subjectName' },
});
