/**
 * What a buyer browses (mall-portal's `/home/*`, `/product/*`, `/brand/*`, all public): only the
 * shop's live products (published, verified, not in the recycle bin), the platform's shown
 * categories, brands and topics, the running flash session, the online advertisements. A product
 * of another shop, or one not live, is "nothing found" (`data: null`), as a missing one is. Records
 * go out through their declarations (`recordOfRow`), so money, dates and comma strings are the
 * admin API's.
 */
import type { ExpressionBuilder, Kysely, Selectable } from 'kysely';
import { sql } from 'kysely';
import { brand, productCategory, productAttribute } from '../../../src/schema/pms/entities';
import { product } from '../../../src/schema/pms/product';
import { homeAdvertise } from '../../../src/schema/sms/advertise';
import { subject } from '../../../src/schema/sms/topics';
import { toCents } from '../../../src/schema/engine/money';
import { recordOfRow } from '../../crud/row';
import type { ApiRecord } from '../../crud/row';
import type { Database } from '../../db/schema';
import { wallClockMs } from '../../db/days';
import { toDbTime } from '../../db/time';
import { beginAttempt } from '../../auth/throttle';
import { ok, toPage } from '../../http/envelope';
import { momentOf } from '../sms/price';
import { flashOffersOf } from '../sms/price-sources';
import { checkPrice } from '../sms/pricing';
import type { PriceProduct } from '../sms/pricing';
import type { PortalRoutes } from './context';
import { idParam, intParam, pageParams, paramsOf, shopOf } from './context';

type Db = Kysely<Database>;
type ProductRow = Selectable<Database['pms_product']>;

/** The shop's products a buyer may see: published, verified, not in the recycle bin. */
export const liveProducts = (db: Db, shopId: number) => db.selectFrom('pms_product')
  .where('pms_product.shop_id', '=', shopId).where('pms_product.publish_status', '=', 1).where('pms_product.verify_status', '=', 1).where('pms_product.delete_status', '=', 0);

/** The fields of mall's `PmsProduct` a list shows (the detail answers the whole record). */
const LIST_FIELDS = [
  'id', 'brandId', 'brandName', 'productCategoryId', 'productCategoryName', 'name', 'pic', 'productSn', 'subTitle', 'price', 'originalPrice',
  'promotionPrice', 'promotionType', 'promotionStartTime', 'promotionEndTime', 'promotionPerLimit', 'sale', 'stock', 'unit', 'newStatus',
  'recommandStatus', 'publishStatus', 'verifyStatus', 'deleteStatus', 'sort', 'serviceIds', 'albumPics', 'giftPoint', 'giftGrowth', 'usePointLimit', 'keywords',
] as const;

/** Products as mall's list items, with their brand and category names (read in one query each). */
export const productItems = async (db: Db, rows: readonly ProductRow[]): Promise<ApiRecord[]> => {
  if (!rows.length) return [];
  const brandIds = [...new Set(rows.map((r) => r.brand_id).filter((id): id is number => id !== null))];
  const categoryIds = [...new Set(rows.map((r) => r.product_category_id).filter((id): id is number => id !== null))];
  const brands = new Map((brandIds.length ? await db.selectFrom('pms_brand').select(['id', 'name']).where('id', 'in', brandIds).execute() : []).map((b) => [b.id, b.name]));
  const categories = new Map((categoryIds.length ? await db.selectFrom('pms_product_category').select(['id', 'name']).where('id', 'in', categoryIds).execute() : []).map((c) => [c.id, c.name]));
  return rows.map((row) => {
    const record: Record<string, unknown> = { ...recordOfRow(product, row), brandName: row.brand_id === null ? null : brands.get(row.brand_id) ?? null, productCategoryName: categories.get(row.product_category_id) ?? null };
    return Object.fromEntries(LIST_FIELDS.map((field) => [field, record[field] ?? null])) as ApiRecord;
  });
};

/** A product as the price engine reads it (src/schema/sms/pricing.ts), from its full record. */
const rows = (value: unknown): ApiRecord[] => (Array.isArray(value) ? value as ApiRecord[] : []);
const centsOrNull = (value: unknown): number | null => (value === null || value === undefined ? null : toCents(Number(value)));
export const priceProductOf = (record: ApiRecord, categoryParentId: number | null): PriceProduct => ({
  id: Number(record.id),
  name: String(record.name),
  productCategoryId: record.productCategoryId === null || record.productCategoryId === undefined ? null : Number(record.productCategoryId),
  productCategoryParentId: categoryParentId,
  price: toCents(Number(record.price ?? 0)),
  promotionPrice: centsOrNull(record.promotionPrice),
  promotionStartTime: (record.promotionStartTime as string | null) ?? null,
  promotionEndTime: (record.promotionEndTime as string | null) ?? null,
  promotionType: Number(record.promotionType ?? 0),
  memberPrices: rows(record.memberPriceList).map((r) => ({ memberLevelId: Number(r.memberLevelId), memberPrice: toCents(Number(r.memberPrice)) })),
  ladders: rows(record.productLadderList).map((r) => ({ count: Number(r.count), discount: Number(r.discount) })),
  fullReductions: rows(record.productFullReductionList).map((r) => ({ fullPrice: toCents(Number(r.fullPrice)), reducePrice: toCents(Number(r.reducePrice)) })),
});

/** A brand as mall's `PmsBrand`, its product count the shop's live products of it. */
const brandItems = async (db: Db, shopId: number, list: readonly Selectable<Database['pms_brand']>[]): Promise<ApiRecord[]> => {
  if (!list.length) return [];
  const counts = await liveProducts(db, shopId).select(['brand_id', (eb) => eb.fn.countAll<number>().as('n')])
    .where('brand_id', 'in', list.map((b) => b.id)).groupBy('brand_id').execute();
  const countOf = new Map(counts.map((c) => [c.brand_id, Number(c.n)]));
  return list.map((row) => ({ ...recordOfRow(brand, row), productCount: countOf.get(row.id) ?? 0 }));
};

const SEARCH_SORTS: Readonly<Record<number, readonly [keyof ProductRow & string, 'asc' | 'desc'][]>> = {
  0: [['sort', 'desc'], ['id', 'desc']],
  1: [['id', 'desc']],
  2: [['sale', 'desc'], ['id', 'desc']],
  3: [['price', 'asc'], ['id', 'desc']],
  4: [['price', 'desc'], ['id', 'desc']],
};

/** `%`, `_` and `\` taken literally in a LIKE pattern. */
const likePattern = (text: string): string => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

const clock = (zone: string, date: string, time: string): string => new Date(wallClockMs(zone, date, time)).toISOString();

export const catalogRoutes: PortalRoutes = (portal, { db, config, repositoryOf }) => {
  const productPage = async (shopId: number, params: Record<string, unknown>, size: number, filter: (q: ReturnType<typeof liveProducts>) => ReturnType<typeof liveProducts>, sort = 0) => {
    const { pageNum, pageSize, offset } = pageParams(params, size);
    const base = filter(liveProducts(db, shopId));
    const total = Number((await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
    let query = base.selectAll();
    for (const [column, order] of SEARCH_SORTS[sort]!) query = query.orderBy(column, order);
    const list = await query.limit(pageSize).offset(offset).execute();
    return toPage(await productItems(db, list), total, pageNum, pageSize);
  };

  /** Products of a home list (new, recommended), the shop's live ones, in the list's order, as a plain array. */
  const recommended = async (shopId: number, table: 'sms_home_new_product' | 'sms_home_recommend_product', limit: number, offset = 0) => {
    const list = await liveProducts(db, shopId).selectAll('pms_product')
      .innerJoin(`${table} as h`, 'h.product_id', 'pms_product.id').where('h.recommend_status', '=', 1)
      .orderBy('h.sort', 'desc').orderBy('pms_product.id', 'desc').limit(limit).offset(offset).execute();
    return productItems(db, list);
  };

  const recommendedSubjects = async (limit: number, offset = 0, categoryId?: number) => {
    let query = db.selectFrom('cms_subject').selectAll('cms_subject')
      .innerJoin('sms_home_recommend_subject as h', 'h.subject_id', 'cms_subject.id')
      .where('h.recommend_status', '=', 1).where('cms_subject.show_status', '=', 1);
    if (categoryId !== undefined) query = query.where('cms_subject.category_id', '=', categoryId);
    const list = await query.orderBy('h.sort', 'desc').orderBy('cms_subject.id', 'desc').limit(limit).offset(offset).execute();
    return list.map((row) => recordOfRow(subject, row));
  };

  /**
   * The flash session running now with the shop's live products in it, and when the next one starts; null when none runs.
   * Only the shop's own sales (in its own sessions) and the platform's (in the platform's sessions)
   * hold its products; when both run now, the shop's own session is shown.
   */
  const runningFlash = async (shopId: number, zone: string) => {
    const now = momentOf(Date.now(), zone);
    const owners = (eb: ExpressionBuilder<Database, 'sms_flash_promotion_session'>) => eb.or([eb('shop_id', 'is', null), eb('shop_id', '=', shopId)]);
    const sessions = await db.selectFrom('sms_flash_promotion_session').select(['id', 'shop_id', 'start_time', 'end_time']).where('status', '=', 1)
      .where(owners).orderBy('start_time').execute();
    const sales = await db.selectFrom('sms_flash_promotion').select(['id', 'shop_id']).where('status', '=', 1)
      .where('start_date', '<=', now.date).where('end_date', '>=', now.date)
      .where((eb) => eb.or([eb('shop_id', 'is', null), eb('shop_id', '=', shopId)])).orderBy('id', 'desc').execute();
    const running = sessions.filter((s) => s.start_time <= now.time && now.time <= s.end_time)
      .sort((a, b) => Number(a.shop_id === null) - Number(b.shop_id === null));
    let current: (typeof sessions)[number] | undefined;
    let sale: (typeof sales)[number] | undefined;
    for (const session of running) {
      sale = sales.find((s) => s.shop_id === session.shop_id);
      if (sale) { current = session; break; }
    }
    if (!current || !sale) return null;
    const next = sessions.find((s) => s.shop_id === current.shop_id && s.start_time > current.end_time);
    const offers = await liveProducts(db, shopId).selectAll('pms_product')
      .innerJoin('sms_flash_promotion_product_relation as r', 'r.product_id', 'pms_product.id')
      .select(['r.flash_promotion_price', 'r.flash_promotion_count', 'r.flash_promotion_limit', 'r.sort as flash_sort'])
      .where('r.flash_promotion_id', '=', sale.id).where('r.flash_promotion_session_id', '=', current.id)
      .orderBy('r.sort', 'desc').orderBy('pms_product.id').limit(20).execute();
    const items = await productItems(db, offers);
    return {
      startTime: clock(zone, now.date, current.start_time), endTime: clock(zone, now.date, current.end_time),
      nextStartTime: next ? clock(zone, now.date, next.start_time) : null, nextEndTime: next ? clock(zone, now.date, next.end_time) : null,
      productList: items.map((item, i) => {
        const offer = offers[i]!;
        const price = offer.flash_promotion_price === null ? null : Number(offer.flash_promotion_price) / 100;
        return { ...item, flashPromotionPrice: price ?? item.price, flashPromotionCount: offer.flash_promotion_count, flashPromotionLimit: offer.flash_promotion_limit };
      }),
    };
  };

  portal.get('/home/content', async (request) => {
    const shop = shopOf(request);
    const now = toDbTime();
    // The shop's own advertisements and the platform's.
    const ads = await db.selectFrom('sms_home_advertise').selectAll().where('status', '=', 1).where('type', '=', 1)
      .where((eb) => eb.or([eb('shop_id', 'is', null), eb('shop_id', '=', shop.id)]))
      .where('start_time', '<=', now).where('end_time', '>=', now).orderBy('sort', 'desc').orderBy('id', 'desc').limit(5).execute();
    const brands = await db.selectFrom('pms_brand').selectAll('pms_brand').innerJoin('sms_home_brand as h', 'h.brand_id', 'pms_brand.id')
      .where('h.recommend_status', '=', 1).where('pms_brand.show_status', '=', 1).orderBy('h.sort', 'desc').orderBy('pms_brand.id').limit(6).execute();
    return ok({
      advertiseList: ads.map((row) => recordOfRow(homeAdvertise, row)),
      brandList: await brandItems(db, shop.id, brands),
      homeFlashPromotion: await runningFlash(shop.id, shop.timeZone),
      newProductList: await recommended(shop.id, 'sms_home_new_product', 4),
      hotProductList: await recommended(shop.id, 'sms_home_recommend_product', 4),
      subjectList: await recommendedSubjects(4),
    });
  });

  // mall's "you may like": the shop's live products, its own order first.
  portal.get('/home/recommendProductList', async (request) => {
    const page = await productPage(shopOf(request).id, paramsOf(request), 4, (q) => q, 0);
    return ok(page.list);
  });
  // The home page's two picked lists, paged: recommended ("hot") and new products.
  portal.get('/home/hotProductList', async (request) => {
    const { pageSize, offset } = pageParams(paramsOf(request), 6);
    return ok(await recommended(shopOf(request).id, 'sms_home_recommend_product', pageSize, offset));
  });
  portal.get('/home/newProductList', async (request) => {
    const { pageSize, offset } = pageParams(paramsOf(request), 6);
    return ok(await recommended(shopOf(request).id, 'sms_home_new_product', pageSize, offset));
  });
  portal.get('/home/subjectList', async (request) => {
    const params = paramsOf(request);
    const { pageSize, offset } = pageParams(params, 4);
    const cateId = params.cateId === undefined || params.cateId === '' ? undefined : idParam(params.cateId, 'cateId');
    return ok(await recommendedSubjects(pageSize, offset, cateId));
  });
  portal.get('/home/productCateList/:parentId', async (request) => {
    const parentId = intParam((request.params as Record<string, unknown>).parentId, 'parentId', { min: 0, max: Number.MAX_SAFE_INTEGER });
    const list = await db.selectFrom('pms_product_category').selectAll().where('parent_id', '=', parentId).where('show_status', '=', 1)
      .orderBy('sort', 'desc').orderBy('id').execute();
    return ok(list.map((row) => recordOfRow(productCategory, row)));
  });

  /**
   * A buyer opened an advertisement: its click is counted (the admin's figures move) and its URL
   * answered. Not mall's (its clients open the URL themselves): a client that calls it first gets
   * counted clicks. One counted click per address and advertisement in ten minutes, and at most
   * CLICK_MAX_PER_IP per address in the click window, so a script cannot inflate the figures.
   */
  portal.get('/home/advertise/click/:id', async (request) => {
    const id = idParam((request.params as Record<string, unknown>).id, 'id');
    const now = toDbTime();
    const shopId = shopOf(request).id;
    const ad = await db.selectFrom('sms_home_advertise').select(['id', 'url']).where('id', '=', id).where('status', '=', 1)
      .where((eb) => eb.or([eb('shop_id', 'is', null), eb('shop_id', '=', shopId)]))
      .where('start_time', '<=', now).where('end_time', '>=', now).executeTakeFirst();
    if (!ad) return ok(null);
    const ip = request.ip ?? 'unknown';
    const gate = await beginAttempt(db, [
      { key: `ad-click:${ad.id}:${ip}`, max: 1, windowSeconds: 600 },
      { key: `ad-click-ip:${ip}`, max: config.clickMaxPerIp, windowSeconds: config.clickWindowSeconds },
    ]);
    if (gate.allowed) await db.updateTable('sms_home_advertise').set({ click_count: sql<number>`coalesce(click_count, 0) + 1` }).where('id', '=', ad.id).execute();
    return ok({ id: ad.id, url: ad.url });
  });

  portal.get('/product/search', async (request) => {
    const params = paramsOf(request);
    const sort = intParam(params.sort, 'sort', { min: 0, max: 4, fallback: 0 });
    const keyword = typeof params.keyword === 'string' ? params.keyword.trim().slice(0, 100) : '';
    const brandId = params.brandId === undefined || params.brandId === '' ? null : idParam(params.brandId, 'brandId');
    const categoryId = params.productCategoryId === undefined || params.productCategoryId === '' ? null : idParam(params.productCategoryId, 'productCategoryId');
    return ok(await productPage(shopOf(request).id, params, 6, (q) => {
      let query = q;
      if (keyword) query = query.where(sql<string>`lower(name)`, 'like', likePattern(keyword.toLowerCase()));
      if (brandId !== null) query = query.where('brand_id', '=', brandId);
      if (categoryId !== null) query = query.where('product_category_id', '=', categoryId);
      return query;
    }, sort));
  });

  portal.get('/product/categoryTreeList', async () => {
    const list = await db.selectFrom('pms_product_category').selectAll().where('show_status', '=', 1).orderBy('sort', 'desc').orderBy('id').execute();
    const records = list.map((row) => recordOfRow(productCategory, row));
    return ok(records.filter((c) => !c.parentId).map((top) => ({ ...top, children: records.filter((c) => c.parentId === top.id) })));
  });

  portal.get('/product/detail/:id', async (request) => {
    const shop = shopOf(request);
    const id = idParam((request.params as Record<string, unknown>).id, 'id');
    const live = await liveProducts(db, shop.id).select('id').where('id', '=', id).executeTakeFirst();
    if (!live) return ok(null);
    const record = await repositoryOf('product').get(id, { kind: 'shops', shopIds: [shop.id] });
    const brandRow = record.brandId ? await db.selectFrom('pms_brand').selectAll().where('id', '=', Number(record.brandId)).executeTakeFirst() : undefined;
    const attributes = record.productAttributeCategoryId
      ? await db.selectFrom('pms_product_attribute').selectAll().where('product_attribute_category_id', '=', Number(record.productAttributeCategoryId)).orderBy('sort', 'desc').orderBy('id').execute()
      : [];
    const category = record.productCategoryId ? await db.selectFrom('pms_product_category').select('parent_id').where('id', '=', Number(record.productCategoryId)).executeTakeFirst() : undefined;
    // What the price engine makes of one piece now (the admin's price check, for this buyer client's detail page).
    const priced = checkPrice({ product: priceProductOf(record, category?.parent_id || null), quantity: 1, at: momentOf(Date.now(), shop.timeZone), platform: 1, flash: await flashOffersOf(db, id) });
    const { skuStockList, productLadderList, productFullReductionList, productAttributeValueList, memberPriceList: _member, ...rest } = record;
    return ok({
      product: { ...rest, brandName: brandRow?.name ?? null },
      brand: brandRow ? recordOfRow(brand, brandRow) : null,
      productAttributeList: attributes.map((row) => recordOfRow(productAttribute, row)),
      productAttributeValueList: productAttributeValueList ?? [],
      skuStockList: skuStockList ?? [],
      productLadderList: productLadderList ?? [],
      productFullReductionList: productFullReductionList ?? [],
      couponList: [],
      promotion: {
        listPrice: Number(priced.listPrice) / 100, unitPrice: Number(priced.unitPrice) / 100,
        lines: priced.lines.filter((line) => line.applied).map((line) => ({ rule: line.rule, unitPrice: line.unitPrice === null ? null : line.unitPrice / 100 })),
      },
    });
  });

  portal.get('/brand/recommendList', async (request) => {
    const { pageSize, offset } = pageParams(paramsOf(request), 6);
    const list = await db.selectFrom('pms_brand').selectAll('pms_brand').innerJoin('sms_home_brand as h', 'h.brand_id', 'pms_brand.id')
      .where('h.recommend_status', '=', 1).where('pms_brand.show_status', '=', 1).orderBy('h.sort', 'desc').orderBy('pms_brand.id').limit(pageSize).offset(offset).execute();
    return ok(await brandItems(db, shopOf(request).id, list));
  });
  portal.get('/brand/detail/:brandId', async (request) => {
    const id = idParam((request.params as Record<string, unknown>).brandId, 'brandId');
    const row = await db.selectFrom('pms_brand').selectAll().where('id', '=', id).where('show_status', '=', 1).executeTakeFirst();
    return ok(row ? (await brandItems(db, shopOf(request).id, [row]))[0] : null);
  });
  portal.get('/brand/productList', async (request) => {
    const params = paramsOf(request);
    const brandId = idParam(params.brandId, 'brandId');
    return ok(await productPage(shopOf(request).id, params, 4, (q) => q.where('brand_id', '=', brandId)));
  });
};
