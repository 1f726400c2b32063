/**
 * `GET /price/check` (src/schema/sms/priceApi.ts): what a buyer would pay for a product (and SKU),
 * line by line, and why. The query is declared in src/schema/sms/priceCheck.ts (PRICE_CHECK_PARAMS)
 * and read with the fields' own rules; the product and member level are read through their
 * repositories in the caller's scope (a product the caller may not see is not found); the flash
 * relations and the coupon from their tables (./price-sources.ts). The rules are the pure
 * `checkPrice`; this file only gathers what it needs. Nothing is written.
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { FieldDecl } from '../../../src/schema/engine/entity';
import { toCents } from '../../../src/schema/engine/money';
import { PRICE_API } from '../../../src/schema/sms/priceApi';
import { PRICE_CHECK_PARAMS } from '../../../src/schema/sms/priceCheck';
import { fieldSchema } from '../../../src/schema/validation';
import { requireAuth } from '../../auth/guard';
import { readParams } from '../../crud/params';
import type { ApiRecord } from '../../crud/row';
import { ok } from '../../http/envelope';
import { fieldInvalid, isHttpError } from '../../http/errors';
import type { AreaDeps } from '../area';
import { serverTimeZone, wallClockAt } from '../../db/days';
import { shopTimeZone } from '../shop/time-zone';
import { couponRule, flashOffersOf } from './price-sources';
import type { PriceMemberLevel, PriceMoment, PriceProduct, PriceSku } from './pricing';
import { checkPrice, priceCheckAnswer } from './pricing';

type Params = {
  productId: number; skuId: number | null; quantity: number; memberLevelId: number | null;
  time: string | null; couponId: number | null; platform: number;
};

/** The query as OpenAPI states it: the declared parameters' own schemas. */
const querySchema = z.object(Object.fromEntries(Object.entries(PRICE_CHECK_PARAMS as Readonly<Record<string, FieldDecl>>)
  .map(([name, decl]) => [name, decl.required ? fieldSchema(decl) : fieldSchema(decl).optional()])));

const cents = (value: unknown): number => toCents(Number(value ?? 0));
const centsOrNull = (value: unknown): number | null => (value === null || value === undefined ? null : toCents(Number(value)));
const rows = (value: unknown): ApiRecord[] => (Array.isArray(value) ? value as ApiRecord[] : []);

const productOf = (record: ApiRecord): PriceProduct => ({
  id: Number(record.id),
  name: String(record.name),
  productCategoryId: record.productCategoryId === null || record.productCategoryId === undefined ? null : Number(record.productCategoryId),
  price: cents(record.price),
  promotionPrice: centsOrNull(record.promotionPrice),
  promotionStartTime: (record.promotionStartTime as string | null) ?? null,
  promotionEndTime: (record.promotionEndTime as string | null) ?? null,
  promotionType: Number(record.promotionType ?? 0),
  memberPrices: rows(record.memberPriceList).map((r) => ({ memberLevelId: Number(r.memberLevelId), memberPrice: cents(r.memberPrice) })),
  ladders: rows(record.productLadderList).map((r) => ({ count: Number(r.count), discount: Number(r.discount) })),
  fullReductions: rows(record.productFullReductionList).map((r) => ({ fullPrice: cents(r.fullPrice), reducePrice: cents(r.reducePrice) })),
});

/** A record read in the caller's scope, or a field error on the parameter that named it. */
const readOr = async (read: () => Promise<ApiRecord>, field: string): Promise<ApiRecord> => {
  try {
    return await read();
  } catch (error) {
    if (isHttpError(error) && error.problem.status === 404) throw fieldInvalid(field, 'not_found');
    throw error;
  }
};

/** The server's zone, worked out again only when `TZ` changes (a DateTimeFormat per call cost more than the rest of a price). */
let serverZone: { tz: string | undefined; zone: string } | null = null;
const serverZoneOf = (): string => {
  if (!serverZone || serverZone.tz !== process.env.TZ) serverZone = { tz: process.env.TZ, zone: serverTimeZone() };
  return serverZone.zone;
};

/** Per zone, the last whole second read (a wall clock reads the same for a whole second; ICU's formatting is the dear part). */
const lastReadings = new Map<string, { second: number; date: string; time: string }>();

/**
 * The instant with its day and time of day in a zone (default: the server's, `TZ`): flash sales run
 * on calendar days and sessions on the wall clock there, as mall's do. A buyer of a shop is judged
 * in that shop's zone (../shop/time-zone.ts shopTimeZone).
 */
export const momentOf = (instant: number, zone = serverZoneOf()): PriceMoment => {
  const second = Math.floor(instant / 1000);
  const last = lastReadings.get(zone);
  if (last?.second === second) return { instant, date: last.date, time: last.time };
  const { date, time } = wallClockAt(zone, instant);
  lastReadings.set(zone, { second, date, time });
  return { instant, date, time };
};

export const registerPriceRoutes = (api: FastifyInstance, { db, scopeOf, repositoryOf }: AreaDeps): void => {
  api.get(PRICE_API.check, {
    config: { openapi: { summary: 'What a buyer would pay for a product (and SKU): list price, the chosen price strategy, a flash price, a coupon, each line with its reasons', tags: ['sms'], query: querySchema, body: null } },
  }, async (request) => {
    requireAuth(request);
    const params = readParams(request, PRICE_CHECK_PARAMS) as Params;
    const scope = await scopeOf(request);
    const record = await readOr(() => repositoryOf('product').get(params.productId, scope), 'productId');
    const category = record.productCategoryId === null || record.productCategoryId === undefined ? undefined
      : await db.selectFrom('pms_product_category').select('parent_id').where('id', '=', Number(record.productCategoryId)).executeTakeFirst();
    const product = { ...productOf(record), productCategoryParentId: category?.parent_id || null };
    // The amounts are in the product's shop's currency: the screen says which.
    const shop = record.shopId === null || record.shopId === undefined ? undefined
      : await db.selectFrom('shop').select('currency').where('id', '=', Number(record.shopId)).executeTakeFirst();
    let sku: PriceSku | null = null;
    if (params.skuId !== null) {
      const row = rows(record.skuStockList).find((r) => Number(r.id) === params.skuId);
      if (!row) throw fieldInvalid('skuId', 'not_found');
      sku = { id: Number(row.id), skuCode: (row.skuCode as string | null) ?? null, price: cents(row.price), promotionPrice: centsOrNull(row.promotionPrice) };
    }
    let memberLevel: PriceMemberLevel | null = null;
    if (params.memberLevelId !== null) {
      const level = await readOr(() => repositoryOf('memberLevel').get(params.memberLevelId!, scope), 'memberLevelId');
      memberLevel = { id: Number(level.id), name: String(level.name), memberPricePrivilege: Number(level.priviledgeMemberPrice) === 1 };
    }
    const instant = params.time ? Date.parse(params.time) : Date.now();
    // The product's shop's clock, whoever asks: the check says what that shop's buyer would pay.
    const timeZone = await shopTimeZone(db, typeof record.shopId === 'number' ? record.shopId : null);
    const coupon = params.couponId === null ? null : { rule: couponRule(await readOr(() => repositoryOf('coupon').get(params.couponId!, scope), 'couponId')) };
    const result = checkPrice({
      product, sku, quantity: params.quantity, memberLevel, at: momentOf(instant, timeZone), platform: params.platform,
      flash: await flashOffersOf(db, product.id), coupon: coupon?.rule ?? null,
    });
    return ok(priceCheckAnswer({
      productId: product.id, productName: product.name, skuId: sku?.id ?? null, skuCode: sku?.skuCode ?? null, currency: shop?.currency ?? null,
      memberLevelId: memberLevel?.id ?? null, memberLevelName: memberLevel?.name ?? null,
      couponId: params.couponId, couponName: coupon?.rule.name ?? null, platform: params.platform, time: new Date(instant).toISOString(), timeZone,
    }, result));
  });
};
