/**
 * `npm run bench:auth`: what the permission check costs. A fresh SQLite database (PostgreSQL with
 * BENCH_DATABASE_URL) with 200 resources and 50 roles; a staff admin holding several roles with
 * many resources each, one of which grants `/brand/**`; a real server (buildApp + listen on
 * 127.0.0.1:0) in this process; autocannon in a child process (so the load generator does not
 * steal this event loop) on `GET /api/brand/list?pageNum=1&pageSize=10`, BENCH_DURATION s (10)
 * over BENCH_CONNECTIONS (10), as the staff admin and as the super admin, in alternating rounds
 * (BENCH_ROUNDS, 2). Prints req/s, p99 and server CPU per request for both and the overhead.
 * Target: the check costs at most 10% (`--check` exits 1 when missed).
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Kysely } from 'kysely';
import { buildApp } from '../server/app';
import { hashPassword } from '../server/auth/password';
import { createPermissionCache, readPermissionVersion } from '../server/auth/permissions';
import type { Config } from '../server/config';
import { loadConfig } from '../server/config';
import { createDb } from '../server/db/index';
import { migrateToLatest } from '../server/migrate';
import type { Database } from '../server/db/schema';
import { seed } from '../server/seed/index';
import { toDbTime } from '../server/db/time';
import type { LoadResult } from './load';
import { loadInChild } from './load';
import { freshDatabase } from './setup';

const DURATION_S = Number(process.env.BENCH_DURATION ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2);
const RESOURCES = 200;
const ROLES = 50;
/** Roles of the staff admin and resources per role: the `/brand/**` grant sits in the last one, at the end. */
const STAFF_ROLES = 6;
const RESOURCES_PER_ROLE = 40;
const MAX_OVERHEAD = 0.10;
const PATH = '/api/brand/list?pageNum=1&pageSize=10';

/**
 * Fills the permission tables up to RESOURCES resources and ROLES roles (the seeded ones count),
 * gives the staff admin STAFF_ROLES roles of RESOURCES_PER_ROLE resources each, and adds brands.
 */
const populate = async (db: Kysely<Database>, staffPassword: string): Promise<{ staffResources: number }> => {
  const now = toDbTime();
  const passwordHash = await hashPassword(staffPassword);
  return db.transaction().execute(async (trx) => {
    const category = await trx.insertInto('ums_resource_category').values({ name: 'Bench', sort: 0, create_time: now }).returning('id').executeTakeFirstOrThrow();
    const seeded = await trx.selectFrom('ums_resource').select(['id', 'url']).execute();
    const extra = [];
    for (let i = seeded.length; i < RESOURCES; i += 1) {
      // Areas of their own, plus wildcard-first patterns that every request must also try.
      const url = i % 10 === 0 ? `/*/bench${i}/**` : `/bench${i % 37}/area${i}/**`;
      extra.push({ name: `Bench resource ${i}`, url, description: null, category_id: category.id, create_time: now });
    }
    const added = extra.length ? await trx.insertInto('ums_resource').values(extra).returning(['id', 'url']).execute() : [];
    const brand = seeded.find((r) => r.url === '/brand/**')!;
    const others = [...seeded.filter((r) => !r.url.startsWith('/brand')), ...added].map((r) => r.id);

    const roleCount = Number((await trx.selectFrom('ums_role').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
    const roleIds: number[] = [];
    for (let i = roleCount; i < ROLES; i += 1) {
      const row = await trx.insertInto('ums_role').values({
        code: null, name: `Bench role ${i}`, description: null, admin_count: 0, create_time: now, status: 1, sort: 0,
      }).returning('id').executeTakeFirstOrThrow();
      roleIds.push(row.id);
      // Every bench role holds a slice of the resources, so the relation table is realistically full.
      const slice = Array.from({ length: RESOURCES_PER_ROLE }, (_v, k) => others[(i * RESOURCES_PER_ROLE + k) % others.length]!);
      await trx.insertInto('ums_role_resource_relation').values([...new Set(slice)].map((resource_id) => ({ role_id: row.id, resource_id }))).execute();
    }
    const staffRoles = roleIds.slice(0, STAFF_ROLES);
    // The grant the request needs, last in the last role: a linear scan would try everything first.
    await trx.insertInto('ums_role_resource_relation').values({ role_id: staffRoles[staffRoles.length - 1]!, resource_id: brand.id }).execute();
    const staff = await trx.insertInto('ums_admin').values({
      username: 'benchStaff', password: passwordHash, icon: null, email: null, nick_name: 'Bench staff', note: null,
      create_time: now, login_time: null, status: 1, invite_code: null, referrer_id: null,
    }).returning('id').executeTakeFirstOrThrow();
    await trx.insertInto('ums_admin_role_relation').values(staffRoles.map((role_id) => ({ admin_id: staff.id, role_id }))).execute();

    await trx.insertInto('pms_brand').values(Array.from({ length: 50 }, (_v, i) => ({
      name: `Brand ${i}`, first_letter: 'B', sort: i, factory_status: i % 2, show_status: 1, product_count: 0, product_comment_count: 0,
      logo: `/uploads/brand-${i}.png`, big_pic: null, brand_story: null,
    }))).execute();

    const held = await trx.selectFrom('ums_role_resource_relation').select('resource_id').distinct()
      .where('role_id', 'in', staffRoles).execute();
    return { staffResources: held.length };
  });
};

const signIn = async (address: string, username: string, password: string): Promise<string> => {
  const answer = await fetch(`${address}/api/admin/login`, {
    method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username, password }),
  });
  const envelope = (await answer.json()) as { code: number; data: { token: string; tokenHead: string } };
  if (envelope.code !== 200) throw new Error(`login ${username} failed: ${JSON.stringify(envelope)}`);
  return `${envelope.data.tokenHead}${envelope.data.token}`;
};

type Measured = LoadResult & { cpuUs: number };

const main = async (): Promise<void> => {
  const dir = mkdtempSync(join(tmpdir(), 'admin-bench-auth-'));
  const serverUrl = process.env.BENCH_DATABASE_URL;
  const database = await freshDatabase(serverUrl ? 'postgres' : 'sqlite', dir, serverUrl);
  const config: Config = {
    ...loadConfig({
      DATA_DIR: join(dir, 'data'), STATIC_DIR: join(dir, 'no-static'), LOG_LEVEL: 'warn', NODE_ENV: 'development',
      JWT_SECRET: randomBytes(48).toString('base64url'), ADMIN_PASSWORD: 'bench-admin-pass',
    }, dir),
    database: database.target,
  };
  const db = createDb(config);
  const app = buildApp(config, { db });
  try {
    await migrateToLatest(db);
    await seed(db, config, { demo: false });
    const { staffResources } = await populate(db, 'bench-staff-pass');
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    const tokens = { staff: await signIn(address, 'benchStaff', 'bench-staff-pass'), super: await signIn(address, 'admin', 'bench-admin-pass') };
    for (const [who, authorization] of Object.entries(tokens)) {
      const check = await fetch(`${address}${PATH}`, { headers: { authorization } });
      const body = (await check.json()) as { code: number; data: { total: number } };
      if (body.code !== 200 || body.data.total !== 50) throw new Error(`${who}: unexpected answer ${JSON.stringify(body).slice(0, 200)}`);
    }
    const counts = {
      resources: Number((await db.selectFrom('ums_resource').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n),
      roles: Number((await db.selectFrom('ums_role').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n),
    };
    process.stdout.write(`GET ${PATH}: ${CONNECTIONS} connections, ${DURATION_S} s per run, ${ROUNDS} rounds (${database.target.dialect}); `
      + `${counts.resources} resources, ${counts.roles} roles; staff admin: ${STAFF_ROLES} roles, ${staffResources} resources; `
      + `load average ${loadavg().map((l) => l.toFixed(1)).join(' ')}\n`);

    const measure = async (authorization: string, duration: number): Promise<Measured> => {
      const cpuBefore = process.cpuUsage();
      const result = await loadInChild({ url: `${address}${PATH}`, authorization, duration, connections: CONNECTIONS });
      const cpu = process.cpuUsage(cpuBefore);
      return { ...result, cpuUs: (cpu.user + cpu.system) / Math.max(result.total, 1) };
    };
    // Warm both paths (JIT, statement cache, permission cache) before timing.
    await measure(tokens.super, 2);
    await measure(tokens.staff, 2);
    const runs: Record<'staff' | 'super', Measured[]> = { staff: [], super: [] };
    for (let round = 0; round < ROUNDS; round += 1) {
      // Alternating order, so neither side always runs on a warmer (or hotter) machine.
      const order: ('staff' | 'super')[] = round % 2 === 0 ? ['super', 'staff'] : ['staff', 'super'];
      for (const who of order) runs[who].push(await measure(tokens[who], DURATION_S));
    }
    const average = (list: Measured[], key: keyof Measured) => list.reduce((sum, r) => sum + r[key], 0) / list.length;
    const summary = (['super', 'staff'] as const).map((who) => ({
      who, rps: average(runs[who], 'requestsPerSecond'), p99: Math.max(...runs[who].map((r) => r.p99)),
      cpuUs: average(runs[who], 'cpuUs'), errors: runs[who].reduce((s, r) => s + r.errors + r.non2xx, 0),
    }));
    for (const s of summary) {
      process.stdout.write(`${s.who === 'super' ? 'super admin      ' : 'staff (resources)'}  ${s.rps.toFixed(0).padStart(6)} req/s  `
        + `p99 ${String(s.p99).padStart(3)} ms  server CPU ${s.cpuUs.toFixed(0)} µs/req  errors ${s.errors}\n`);
    }
    const [sup, staff] = summary as [typeof summary[0], typeof summary[0]];
    // The check by itself, without the noise of a shared machine: the cached grants' match of the
    // request path (what every staff request runs on top of the super admin's path).
    const staffId = (await db.selectFrom('ums_admin').select('id').where('username', '=', 'benchStaff').executeTakeFirstOrThrow()).id;
    const cache = createPermissionCache();
    const version = await readPermissionVersion(db);
    const grants = await cache.grantsOf(db, staffId, version);
    const checks = 200_000;
    const started = process.hrtime.bigint();
    for (let i = 0; i < checks; i += 1) {
      if (!(await cache.grantsOf(db, staffId, version)).allows(`/brand/list`)) throw new Error('the staff admin must hold /brand/list');
    }
    const checkUs = Number(process.hrtime.bigint() - started) / 1000 / checks;
    process.stdout.write(`the check alone (cache hit + match against ${grants.patterns.length} patterns): ${checkUs.toFixed(2)} µs per request, `
      + `${((checkUs / staff.cpuUs) * 100).toFixed(2)}% of the staff request's server CPU\n`);
    const overhead = (sup.rps - staff.rps) / sup.rps;
    const cpuOverhead = (staff.cpuUs - sup.cpuUs) / sup.cpuUs;
    process.stdout.write(`overhead of the permission check: ${(overhead * 100).toFixed(1)}% req/s, ${(cpuOverhead * 100).toFixed(1)}% server CPU per request `
      + `(target <= ${MAX_OVERHEAD * 100}%): ${overhead <= MAX_OVERHEAD ? 'met' : 'MISSED'}\n`);
    if (summary.some((s) => s.errors > 0) || (process.argv.includes('--check') && overhead > MAX_OVERHEAD)) process.exitCode = 1;
  } finally {
    await app.close();
    await db.destroy();
    await database.drop();
    rmSync(dir, { recursive: true, force: true });
  }
};

main()
  .catch((error: unknown) => {
    process.stderr.write(`bench failed: ${error instanceof Error ? error.stack ?? error.message : String(error)}\n`);
    process.exit(1);
  });
