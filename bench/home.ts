/**
 * `npm run bench:home` (issue 22, "Fast"): the server time of `GET /home/summary` for the super
 * admin and the demo seller, at the demo size (the demo content's orders) and at BENCH_ROWS orders
 * (1,000,000; spread over the demo shops, one every 30 s back from now, so today, the last 7 and
 * 30 days and last year all hold orders), per dialect (SQLite, and PostgreSQL when DATABASE_URL or
 * TEST_DATABASE_URL names a server; BENCH_DIALECTS keeps one). Each is measured under load
 * (autocannon in a child, BENCH_CONNECTIONS 10, BENCH_DURATION s 10, after BENCH_WARM_UP s of
 * warm-up): p50, p99, server CPU per request and the database's CPU per request (PostgreSQL).
 * Before timing, the answer is checked: today's orders equal a count made directly.
 * Target: p99 < 50 ms at BENCH_ROWS orders on both databases; --check exits 1 when one is missed.
 */
import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import { dayStartMs } from '../server/areas/home/days';
import { counterSpecOf, recountCounters } from '../server/crud/counters';
import type { AnyKysely } from '../server/db/index';
import { dialectOf } from '../server/db/index';
import { recountOrderStats } from '../server/db/order-stats';
import type { Database } from '../server/db/schema';
import { DEMO_SELLER } from '../server/db/seed/index';
import type { Entity } from '../src/schema/engine/entity';
import type { HomeSummary } from '../src/schema/home/summary';
import { order } from '../src/schema/oms/entities';
import type { MeasuredLoad } from './load';
import { dbCpu, measuredLoad, warmUp } from './load';
import type { Dialect } from './setup';
import { benchDialects, loadAverage, loginAs, printTable, series, startBenchServer, timed } from './setup';

const ROWS = Number(process.env.BENCH_ROWS ?? 1_000_000);
const DURATION_S = Number(process.env.BENCH_DURATION ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const CHUNK = 200_000;
const TARGET_P99_MS = 50;
const PATH = '/api/home/summary';

/** ROWS orders over the demo shops, the newest now, one every 30 s before it; statuses i mod 6. */
const fillOrders = async (db: Kysely<Database>): Promise<void> => {
  const anyDb = db as unknown as AnyKysely;
  const dialect = dialectOf(anyDb) as Dialect;
  const shops = (await anyDb.selectFrom('shop').select('id').orderBy('id').execute()).map((r) => Number(r.id));
  const shopOf = sql.raw(`case i % ${shops.length} ${shops.map((id, n) => `when ${n} then ${id}`).join(' ')} end`);
  const sn = dialect === 'postgres' ? sql.raw(`'H' || lpad(i::text, 12, '0')`) : sql.raw(`'H' || printf('%012d', i)`);
  const nowS = Math.floor(Date.now() / 1000);
  const time = sql.raw(dialect === 'postgres'
    ? `to_char(to_timestamp(${nowS} - i * 30) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`
    : `strftime('%Y-%m-%dT%H:%M:%fZ', ${nowS} - i * 30, 'unixepoch')`);
  const start = performance.now();
  await anyDb.transaction().execute(async (trx) => {
    // Triggers off on PostgreSQL for the load, as a restore does; the kept counts are recounted below.
    if (dialect === 'postgres') await sql`set local session_replication_role = replica`.execute(trx);
    for (let first = 1; first <= ROWS; first += CHUNK) {
      const last = Math.min(first + CHUNK - 1, ROWS);
      const g = series(dialect, first, last);
      await sql`${g.with}insert into oms_order (shop_id, order_sn, create_time, member_id, member_username, total_amount, pay_amount,
          freight_amount, pay_type, source_type, status, order_type, confirm_status, delete_status, modify_time)
        select ${shopOf}, ${sn}, ${time}, 1000 + i % 50000, 'member' || (i % 50000), 1000 + (i * 7919) % 100000, 1000 + (i * 7919) % 100000,
          0, 0, i % 2, i % 6, 0, 0, 0, ${time}
        from ${g.from}`.execute(trx);
      process.stdout.write(`  ${last} orders (${((performance.now() - start) / 1000).toFixed(0)} s)\n`);
    }
  });
  if (dialect === 'postgres') {
    await recountCounters(anyDb, counterSpecOf(order as unknown as Entity)!);
    await recountOrderStats(anyDb);
    await sql`vacuum analyze oms_order, oms_order_stats`.execute(anyDb);
  }
};

/** Today's live orders counted directly, for the check before timing. */
const ordersToday = async (db: Kysely<Database>, zone: string, today: string): Promise<number> => {
  const from = new Date(dayStartMs(zone, today)).toISOString();
  const row = await (db as unknown as AnyKysely).selectFrom('oms_order').select((eb) => eb.fn.countAll().as('n'))
    .where('delete_status', '=', 0).where('create_time', '>=', from).executeTakeFirst();
  return Number(row?.n ?? 0);
};

type Row = MeasuredLoad & { size: string; caller: string; dialect: Dialect };

const benchSize = async (dialect: Dialect, size: 'demo' | 'rows'): Promise<Row[]> => {
  const label = size === 'demo' ? 'demo' : `${ROWS.toLocaleString('en-US')} orders`;
  process.stdout.write(`${dialect}, ${label}: setting up\n`);
  const server = size === 'demo'
    ? await startBenchServer(dialect, 'bench_home_demo', async () => {}, { content: true })
    : await startBenchServer(dialect, 'bench_home', fillOrders);
  try {
    const callers = [
      { caller: 'admin', authorization: server.authorization },
      { caller: 'seller', authorization: await loginAs(server, DEMO_SELLER.username, DEMO_SELLER.password) },
    ];
    const rows: Row[] = [];
    for (const { caller, authorization } of callers) {
      const answer = await timed<HomeSummary>({ ...server, authorization }, 'GET', PATH.replace(/^\/api/, ''));
      if (caller === 'admin') {
        const direct = await ordersToday(server.db, answer.data.timeZone, answer.data.today);
        if (answer.data.orders?.today.orders !== direct) throw new Error(`today's orders ${answer.data.orders?.today.orders}, counted ${direct}`);
      }
      const spec = { url: `${server.address}${PATH}`, authorization, connections: CONNECTIONS };
      await warmUp(spec);
      const measured = await measuredLoad({ ...spec, duration: DURATION_S }, dialect);
      process.stdout.write(`  ${caller}: p50 ${measured.load.p50} ms, p99 ${measured.load.p99} ms\n`);
      rows.push({ size: label, caller, dialect, ...measured });
    }
    return rows;
  } finally {
    await server.close();
  }
};

const main = async (): Promise<void> => {
  process.stdout.write(`bench:home: GET ${PATH}, demo and ${ROWS} orders, ${CONNECTIONS} connections, ${DURATION_S} s per load; `
    + `load average ${loadAverage()}; ${new Date().toISOString()}\n`);
  const rows: Row[] = [];
  for (const dialect of benchDialects()) {
    rows.push(...await benchSize(dialect, 'demo'));
    rows.push(...await benchSize(dialect, 'rows'));
  }
  printTable(['database', 'size', 'caller', 'req/s', 'p50 ms', 'p99 ms', 'errors+timeouts', 'CPU µs/req', 'database CPU µs/req'], rows.map((r) => [
    r.dialect, r.size, r.caller, r.load.requestsPerSecond.toFixed(0), String(r.load.p50), String(r.load.p99),
    String(r.load.errors + r.load.non2xx + r.load.timeouts), r.cpuUs.toFixed(0), dbCpu(r),
  ]));
  process.stdout.write(`\nload average after: ${loadAverage()}\n`);
  const verdicts = rows.flatMap((r) => [
    ...(r.load.errors + r.load.non2xx + r.load.timeouts > 0 ? [{ what: `${r.dialect} ${r.size} ${r.caller}: answered without errors or timeouts`, met: false }] : []),
    ...(r.size === 'demo' ? [] : [{ what: `${r.dialect} ${r.size} ${r.caller}: p99 < ${TARGET_P99_MS} ms (${r.load.p99})`, met: r.load.p99 < TARGET_P99_MS }]),
  ]);
  for (const v of verdicts) process.stdout.write(`${v.met ? 'met   ' : 'MISSED'} ${v.what}\n`);
  if (process.argv.includes('--check') && verdicts.some((v) => !v.met)) process.exitCode = 1;
};

main().catch((error: unknown) => {
  process.stderr.write(`bench failed: ${error instanceof Error ? error.stack ?? error.message : String(error)}\n`);
  process.exit(1);
});
