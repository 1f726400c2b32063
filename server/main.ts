/**
 * `npm start`: settings -> built admin (builds it when missing) -> database -> migrations ->
 * first-start seed -> built-in roles' grants in step with the declarations -> listen. `--demo` seeds the demo seller and, outside production, the fixed
 * demo admin password; `--no-build` skips the admin build (the dev server serves the admin).
 * The scheduled jobs start after listen (JOBS_ENABLED). SIGINT/SIGTERM stop the jobs (a running
 * one finishes), stop accepting, let running requests finish, close the db.
 */
import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from './app';
import { AREA_JOBS } from './areas/index';
import type { Config } from './config';
import { ConfigError, loadConfig } from './config';
import { ensureDeclaredIndexes } from './crud/indexes';
import { createDb } from './db/index';
import type { AnyKysely } from './db/index';
import { entityList } from '../src/schema/entities';
import { migrateToLatest } from './migrate';
import { reconcileBuiltinGrants } from './auth/builtin-grants';
import { hasAdmins, seed } from './seed/index';
import { outletShopId } from './seed/demo-products';
import { JOBS } from './jobs/index';
import { createJobRunner } from './jobs/runner';
import type { DemoInbox } from './jobs/demo-mail';
import { startDemoInbox } from './jobs/demo-mail';
import { closeMailTransports } from './jobs/mail';
import { channelInfo, withDemoVipPayment } from './areas/vip/channels';
import { DEMO_ALIPAY_PREFIX, withDemoAlipay } from './areas/vip/demo-alipay';
import { withDemoPaypal } from './areas/vip/demo-paypal';
import { DEMO_WECHATPAY_PREFIX, withDemoWechatPay } from './areas/vip/demo-wechatpay';
import { keptPemPairs } from './areas/vip/demo-keys';

const projectRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const SHUTDOWN_GRACE_MS = 10_000;

const log = (message: string): void => {
  process.stdout.write(`${message}\n`);
};

/** The admin is served from STATIC_DIR; a fresh checkout has no build yet, so make one. */
const ensureAdminBuilt = async (config: Config): Promise<void> => {
  if (existsSync(join(config.staticDir, 'index.html'))) return;
  log(`Building the admin into ${config.staticDir} (no index.html there yet; this takes a minute)...`);
  // Loaded only when needed: a production start with a prebuilt dist/ never loads Vite.
  const { build } = await import('vite');
  await build({ root: projectRoot, configFile: join(projectRoot, 'vite.config.ts'), build: { outDir: config.staticDir, emptyOutDir: true }, logLevel: 'warn' });
  log('Admin built.');
};

const displayHost = (host: string): string => (host === '0.0.0.0' || host === '::' ? 'localhost' : host);

const main = async (): Promise<void> => {
  const demo = process.argv.includes('--demo');
  const loaded = loadConfig();
  // `npm run dev` serves the admin from Vite's dev server and passes --no-build.
  if (!process.argv.includes('--no-build')) await ensureAdminBuilt(loaded);

  const db = createDb(loaded, { backgroundCheckpoints: true });
  await migrateToLatest(db);
  if (!(await hasAdmins(db))) {
    const result = await seed(db, loaded, { demo, content: demo && loaded.demoContent });
    log(`First start: database seeded${demo ? ' (demo)' : ''}.`);
    for (const account of result.accounts) {
      if (account.passwordSource === 'generated') {
        log(`  ${account.role}: ${account.username} / ${account.password}  <- generated; shown only now, also in ${account.passwordFile ?? '(not written)'}`);
      } else if (account.password) {
        log(`  ${account.role}: ${account.username} / ${account.password}`);
      } else {
        log(`  ${account.role}: ${account.username} (password from ADMIN_PASSWORD)`);
      }
    }
    for (const note of result.notes) log(`  note: ${note}`);
  }
  // Resources and menus declared (or narrowed) since the database was seeded reach the built-in roles.
  const grants = await reconcileBuiltinGrants(db);
  if (grants.granted.length || grants.revoked.length) {
    log(`Built-in roles' grants brought in step with the declarations: ${grants.granted.length} granted, ${grants.revoked.length} taken back.`);
  }

  // The indexes the declared filters and sorts need (server/crud/indexes.ts), before listening and
  // outside Fastify's ready hooks: on a table of a million rows each takes seconds, past their timeout.
  const started = performance.now();
  const indexes = await ensureDeclaredIndexes(db as unknown as AnyKysely, entityList);
  if (indexes.created.length || indexes.dropped.length) {
    log(`Declared indexes: ${indexes.created.length} made, ${indexes.dropped.length} dropped in ${((performance.now() - started) / 1000).toFixed(1)} s.`);
  }

  // The demo's records made without a shop (mall's clients) go to its ownerless outlet shop.
  // Outside production the demo offers every offline VIP channel with clearly fake values (server/areas/vip/channels.ts).
  const demoSettings = demo && loaded.nodeEnv !== 'production';
  const demoKeys = keptPemPairs(loaded.dataDir);
  // The demo's mail goes to its own inbox, a real SMTP server in this process, until SMTP_URL names one.
  const demoInbox: DemoInbox | undefined = demoSettings && !loaded.mail.smtpUrl ? await startDemoInbox() : undefined;
  const config = {
    ...(demoSettings ? withDemoWechatPay(withDemoAlipay(withDemoPaypal(withDemoVipPayment(loaded)), demoKeys), demoKeys) : loaded),
    defaultShopId: loaded.defaultShopId ?? (demo ? await outletShopId(db as unknown as AnyKysely) : null),
    mail: demoInbox ? { ...loaded.mail, smtpUrl: demoInbox.smtpUrl, demoInbox: true } : loaded.mail,
    // Without a carrier account the demo's parcels are tracked by its stand-in carrier (server/areas/oms/carriers.ts).
    tracking: demoSettings && !loaded.tracking.kuaidi100 ? { ...loaded.tracking, demo: true } : loaded.tracking,
  };
  const app = buildApp(config, { db, demoInbox });
  const jobs = createJobRunner({ db, config, jobs: [...JOBS, ...AREA_JOBS], log: app.log.child({ module: 'jobs' }) });
  let closing = false;
  const shutdown = (signal: string): void => {
    if (closing) return;
    closing = true;
    log(`${signal}: shutting down (finishing running requests)...`);
    const force = setTimeout(() => {
      log('Shutdown took too long; exiting.');
      process.exit(1);
    }, SHUTDOWN_GRACE_MS);
    force.unref();
    jobs.stop()
      .then(() => { closeMailTransports(); return demoInbox?.close(); })
      .then(() => app.close())
      .then(() => db.destroy())
      .then(() => process.exit(0))
      .catch((error: unknown) => {
        app.log.error({ err: error }, 'error during shutdown');
        process.exit(1);
      });
  };
  process.once('SIGINT', () => shutdown('SIGINT'));
  process.once('SIGTERM', () => shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  if (config.jobsEnabled) jobs.start();
  log(`Marketplace admin on http://${displayHost(config.host)}:${port}/ (API under ${config.apiPrefix}, ${config.database.dialect})`);
  if (demo && config.nodeEnv !== 'production') log('Demo logins: admin / admin123 (unless ADMIN_PASSWORD was set on first start), seller / seller123');
  if (demoSettings) {
    const unavailable = channelInfo(config).filter((c) => !c.available).map((c) => c.value);
    log(`Demo VIP payment: bank, offline PayPal and blockchain show demo values (not real accounts; VIP_* settings replace them)${config.paypal.demoSandbox ? `; online PayPal goes to a stand-in at ${config.paypal.apiBase} (no account, no money; PAYPAL_CLIENT_ID replaces it)` : ''}${config.alipay.demo ? `; online Alipay goes to a stand-in at ${DEMO_ALIPAY_PREFIX} with demo keys kept in its data folder (ALIPAY_APP_ID replaces it)` : ''}${config.wechatPay.demo ? `; online WeChat Pay goes to a stand-in at ${DEMO_WECHATPAY_PREFIX} whose QR page offers "simulate the scan" (WECHAT_PAY_MCH_ID replaces it)` : ''}${unavailable.length ? `; not available: ${unavailable.join(', ')}` : ''}.`);
  }
  if (demoInbox) log(`Demo mail: every message goes to the app's own inbox at http://${displayHost(config.host)}:${port}/demo-mail (SMTP_URL replaces it).`);
};

main().catch((error: unknown) => {
  if (error instanceof ConfigError) {
    process.stderr.write(`${error.message}\n`);
  } else {
    process.stderr.write(`Start failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  }
  process.exit(1);
});
