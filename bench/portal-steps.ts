/**
 * `npx tsx bench/portal-steps.ts [--db postgres] [--rounds 200]`: the server CPU and the statements of each
 * step of a buyer's order, one request at a time (no queue): the shop front in this process
 * (`app.inject`, Fastify's whole path less the socket), a small demo-seeded database, the same world
 * as bench:portal (products on sale, a flash sale, buyers with an address). For each step: CPU µs per
 * request (`process.cpuUsage`), statements per request and the slowest statements by total time.
 * What bench:portal's figures are made of, step by step, to find what to cut.
 */
import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { parseArgs } from 'node:util';
import type { Kysely } from 'kysely';
import { buildApp } from '../server/app';
import { signBuyerToken } from '../server/areas/portal/tokens';
import type { Database } from '../server/db/schema';
import { createDb } from '../server/db/index';
import { flashSale, productOnSale } from '../tests/helpers/shop-world';
import { BENCH_RECEIVER } from './portal-place';
import type { Dialect } from './setup';
import { prepareBenchDatabase, printTable } from './setup';

const { values: flags } = parseArgs({ options: { db: { type: 'string', default: 'sqlite' }, rounds: { type: 'string', default: '200' }, profile: { type: 'string' } }, strict: false });
const ROUNDS = Number(flags.rounds);

type StepStats = { cpu: number[]; statements: number[] };

const main = async (): Promise<void> => {
  const dialect = flags.db as Dialect;
  const prepared = await prepareBenchDatabase(dialect, 'bench_portal_steps', async () => {}, { content: true });
  const statements: { sql: string; ms: number }[] = [];
  const app = buildApp(prepared.config, { db: createDb(prepared.config, { onStatement: (sql, ms) => statements.push({ sql, ms }) }) });
  await app.ready();
  try {
    const any = prepared.db as unknown as Kysely<Database>;
    const shop = await any.selectFrom('shop as s').innerJoin('ums_member as m', 'm.shop_id', 's.id').select(['s.id', 'm.id as member_id']).where('s.status', '=', 1)
      .where('m.apply_status', '=', 1).orderBy('s.id').executeTakeFirstOrThrow();
    const shopId = Number(shop.id);
    const memberId = Number(shop.member_id);
    await any.deleteFrom('oms_cart_item').where('member_id', '=', memberId).execute();
    const { id: addressId } = await any.insertInto('ums_member_receive_address').values({
      shop_id: shopId, member_id: memberId, name: BENCH_RECEIVER.name, phone_number: BENCH_RECEIVER.phone, default_status: 1, post_code: BENCH_RECEIVER.postCode,
      province: BENCH_RECEIVER.province, city: BENCH_RECEIVER.city, region: BENCH_RECEIVER.region, detail_address: BENCH_RECEIVER.detailAddress,
    } as never).returning('id').executeTakeFirstOrThrow();
    const product = await productOnSale(any, shopId, { name: 'Steps item', price: 1_000, stock: 1_000_000 });
    const flashProduct = await productOnSale(any, shopId, { name: 'Steps flash item', price: 20_000, stock: 1_000_000 });
    await flashSale(any, flashProduct.productId, { price: 9_900, count: 1, limit: 1 });
    const authorization = `Bearer ${await signBuyerToken(prepared.config.jwtSecret, { memberId, shopId, version: Number((await any.selectFrom('ums_member').select('token_version').where('id', '=', memberId).executeTakeFirstOrThrow()).token_version), expiresAt: new Date(Date.now() + 3600_000) })}`;
    const headers = { authorization, 'source-client': 'h5' };
    const stats = new Map<string, StepStats>();
    const slow = new Map<string, { n: number; ms: number }>();
    const call = async <T>(step: string, method: 'GET' | 'POST', path: string, body?: unknown, record = true): Promise<T> => {
      statements.length = 0;
      const cpu0 = process.cpuUsage();
      const answer = await app.inject({ method, url: `/portal/${shopId}${path}`, headers: body === undefined ? headers : { ...headers, 'content-type': 'application/json' }, payload: body === undefined ? undefined : JSON.stringify(body) });
      const cpu = process.cpuUsage(cpu0);
      const envelope = answer.json<{ code: number; message: string; data: T }>();
      if (record) {
        const s = stats.get(step) ?? { cpu: [], statements: [] };
        s.cpu.push(cpu.user + cpu.system);
        s.statements.push(statements.length);
        stats.set(step, s);
        for (const st of statements) {
          const k = `${step}: ${st.sql.slice(0, 110)}`;
          const e = slow.get(k) ?? { n: 0, ms: 0 };
          e.n += 1; e.ms += st.ms;
          slow.set(k, e);
        }
      }
      if (envelope.code !== 200 && step !== 'generate (flash sold out)') throw new Error(`${path}: ${envelope.code} ${envelope.message}`);
      return envelope.data;
    };
    // --profile <file>: a V8 CPU profile of the measured rounds only (not the setup), for a .cpuprofile viewer.
    const session = typeof flags.profile === 'string' ? new Session() : null;
    for (let n = 0; n < ROUNDS; n += 1) {
      const record = n >= 20;
      if (n === 20 && session) {
        session.connect();
        await session.post('Profiler.enable');
        await session.post('Profiler.start');
      }
      await call('cart add', 'POST', '/cart/add', { productId: product.productId, productSkuId: product.skuId, quantity: 1 }, record);
      const lines = await call<{ id: number; productId: number }[]>('cart list', 'GET', '/cart/list', undefined, record);
      const cartId = lines.find((l) => Number(l.productId) === product.productId)!.id;
      await call('confirm', 'POST', `/order/generateConfirmOrder?cartIds=${cartId}`, undefined, record);
      const placed = await call<{ order: { id: number } }>('generate', 'POST', '/order/generateOrder', { cartIds: [cartId], memberReceiveAddressId: addressId, couponId: null, useIntegration: 0 }, record);
      await call('pay (start)', 'POST', `/order/pay?orderId=${placed.order.id}&channel=alipay`, undefined, record).catch(() => undefined);
      // One unit of the flash product in the cart (its one unit offered was sold in the first round).
      let flashCart = (await call<{ id: number; productId: number }[]>('cart list', 'GET', '/cart/list', undefined, false)).find((l) => Number(l.productId) === flashProduct.productId);
      if (!flashCart) {
        await call('cart add (flash)', 'POST', '/cart/add', { productId: flashProduct.productId, productSkuId: flashProduct.skuId, quantity: 1 }, false);
        flashCart = (await call<{ id: number; productId: number }[]>('cart list', 'GET', '/cart/list', undefined, false)).find((l) => Number(l.productId) === flashProduct.productId);
      }
      if (flashCart) await call('generate (flash sold out)', 'POST', '/order/generateOrder', { cartIds: [flashCart.id], memberReceiveAddressId: addressId, couponId: null, useIntegration: 0 }, record && n > 20);
    }
    if (session) {
      const { profile } = await session.post('Profiler.stop');
      writeFileSync(flags.profile as string, JSON.stringify(profile));
      session.disconnect();
    }
    printTable(['step', 'CPU µs p50', 'CPU µs mean', 'statements'], [...stats.entries()].map(([step, s]) => {
      const sorted = [...s.cpu].sort((a, b) => a - b);
      return [step, String(sorted[Math.floor(sorted.length / 2)]), (s.cpu.reduce((a, b) => a + b, 0) / s.cpu.length).toFixed(0), (s.statements.reduce((a, b) => a + b, 0) / s.statements.length).toFixed(1)];
    }));
    process.stdout.write('\nstatements by total time:\n');
    for (const [k, v] of [...slow.entries()].sort((a, b) => b[1].ms - a[1].ms).slice(0, 40)) process.stdout.write(`${v.ms.toFixed(1).padStart(8)} ms ${String(v.n).padStart(5)}x ${k}\n`);
  } finally {
    await app.close();
    await prepared.cleanup();
  }
};

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.stack ?? error.message : String(error)}\n`);
  process.exit(1);
});
