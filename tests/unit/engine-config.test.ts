// Protects: configuration: defaults, every setting read and validated by name, the generated JWT secret and secrets key, and the settings table (docs/settings.md) matching config.
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, parseDatabaseUrl, secretsKeyOf, settingsTable } from '../../server/config';

const dirs: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'admin-config-'));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const SECRET = 'x'.repeat(40);

describe('loadConfig', () => {
  it('has working defaults', () => {
    const cwd = tempDir();
    const config = loadConfig({ JWT_SECRET: SECRET }, cwd);
    expect(config).toMatchObject({
      port: 8080, host: '0.0.0.0', dataDir: join(cwd, 'data'), apiPrefix: '/api', nodeEnv: 'development', logLevel: 'info',
      tokenTtlSeconds: 604800, adminUsername: 'admin', adminPassword: undefined, http200Envelopes: false,
      bodyLimitBytes: 1048576, loginMaxFailuresPerAccount: 50, loginMaxFailuresPerIp: 20, loginWindowSeconds: 900,
      loginMaxFailuresPerPair: 5, loginMaxLockSeconds: 86400, registerMaxPerIp: 5, registerWindowSeconds: 3600,
      sellerGroup: 'Standard sellers', defaultQuotas: { shops: 3, molds: 200, products: 200, storageMb: 100 }, uploadMaxPerMinute: 30,
      corsOrigins: [], publicUrl: null,
      trustProxy: false, staticDir: join(cwd, 'dist'), jobsEnabled: true,
      database: { dialect: 'sqlite', filename: join(cwd, 'data', 'admin.sqlite') },
    });
  });

  it('reads every setting', () => {
    const cwd = tempDir();
    const config = loadConfig({
      PORT: '9000', HOST: '127.0.0.1', DATA_DIR: '/var/lib/admin', DATABASE_URL: 'postgres://u:p@db:5432/admin', API_PREFIX: '/v1/api',
      NODE_ENV: 'production', LOG_LEVEL: 'warn', JWT_SECRET: SECRET, TOKEN_TTL_SECONDS: '3600', ADMIN_USERNAME: 'root',
      ADMIN_PASSWORD: 'long-enough', HTTP_200_ENVELOPES: 'true', BODY_LIMIT_BYTES: '2048', LOGIN_MAX_FAILURES_PER_ACCOUNT: '3',
      LOGIN_MAX_FAILURES_PER_IP: '9', LOGIN_WINDOW_SECONDS: '60', TRUST_PROXY: '10.0.0.1, 10.0.0.2', STATIC_DIR: '/srv/admin',
    }, cwd);
    expect(config).toMatchObject({
      port: 9000, host: '127.0.0.1', dataDir: '/var/lib/admin', apiPrefix: '/v1/api', nodeEnv: 'production', logLevel: 'warn',
      jwtSecret: SECRET, tokenTtlSeconds: 3600, adminUsername: 'root', adminPassword: 'long-enough', http200Envelopes: true,
      bodyLimitBytes: 2048, loginMaxFailuresPerAccount: 3, loginMaxFailuresPerIp: 9, loginWindowSeconds: 60,
      trustProxy: ['10.0.0.1', '10.0.0.2'], staticDir: '/srv/admin',
      database: { dialect: 'postgres', connectionString: 'postgres://u:p@db:5432/admin' },
    });
    expect(loadConfig({ JWT_SECRET: SECRET, TRUST_PROXY: 'true' }, cwd).trustProxy).toBe(true);
    expect(loadConfig({ JWT_SECRET: SECRET, TRUST_PROXY: '2' }, cwd).trustProxy).toBe(2);
    expect(loadConfig({ JWT_SECRET: SECRET, PORT: '' }, cwd).port).toBe(8080); // blank = unset
    const web = loadConfig({ JWT_SECRET: SECRET, CORS_ORIGINS: 'https://shop.example.com, http://localhost:5173', PUBLIC_URL: 'https://admin.example.com/' }, cwd);
    expect(web).toMatchObject({ corsOrigins: ['https://shop.example.com', 'http://localhost:5173'], publicUrl: 'https://admin.example.com' });
  });

  it('refuses bad values with a message naming the setting', () => {
    const cwd = tempDir();
    const bad: Record<string, string>[] = [
      { PORT: 'eighty' }, { PORT: '70000' }, { LOG_LEVEL: 'loud' }, { JWT_SECRET: 'short' }, { TOKEN_TTL_SECONDS: '-5' },
      { HTTP_200_ENVELOPES: 'maybe' }, { BODY_LIMIT_BYTES: '1.5' }, { READ_CONCURRENCY: '-1' }, { LOGIN_MAX_FAILURES_PER_ACCOUNT: '0' },
      { API_PREFIX: 'api' }, { API_PREFIX: '/api/' }, { ADMIN_PASSWORD: '123' }, { DATABASE_URL: 'mysql://localhost/x' },
      { CORS_ORIGINS: 'https://shop.example.com/' }, { CORS_ORIGINS: 'shop.example.com' }, { PUBLIC_URL: 'admin.example.com' },
      { DEFAULT_QUOTA_SHOPS: '-1' }, { REGISTER_MAX_PER_IP: '0' },
      { S3_BUCKET: 'Bad_Bucket' }, { S3_ENDPOINT: 'minio:9000' }, { S3_REGION: 'us east' }, { S3_FORCE_PATH_STYLE: 'maybe' },
    ];
    for (const env of bad) {
      const name = Object.keys(env)[0]!;
      expect(() => loadConfig({ JWT_SECRET: SECRET, ...env }, cwd), name).toThrow(ConfigError);
      expect(() => loadConfig({ JWT_SECRET: SECRET, ...env }, cwd), name).toThrow(name);
    }
  });

  it('keeps uploads on disk unless S3_BUCKET names a bucket, and refuses half an S3 setup', () => {
    const cwd = tempDir();
    expect(loadConfig({ JWT_SECRET: SECRET }, cwd).s3).toBeNull();
    expect(loadConfig({
      JWT_SECRET: SECRET, S3_BUCKET: 'admin-uploads', S3_ENDPOINT: 'http://127.0.0.1:9000/', S3_ACCESS_KEY_ID: 'key', S3_SECRET_ACCESS_KEY: 'secret',
    }, cwd).s3).toEqual({ bucket: 'admin-uploads', endpoint: 'http://127.0.0.1:9000', region: 'us-east-1', accessKeyId: 'key', secretAccessKey: 'secret', forcePathStyle: true });
    expect(loadConfig({ JWT_SECRET: SECRET, S3_BUCKET: 'admin-uploads', S3_REGION: 'eu-west-1' }, cwd).s3)
      .toEqual({ bucket: 'admin-uploads', endpoint: null, region: 'eu-west-1', accessKeyId: null, secretAccessKey: null, forcePathStyle: false });
    for (const [env, named] of [
      [{ S3_BUCKET: 'b-1', S3_ACCESS_KEY_ID: 'key' }, 'S3_SECRET_ACCESS_KEY'],
      [{ S3_BUCKET: 'b-1', S3_SECRET_ACCESS_KEY: 'secret' }, 'S3_ACCESS_KEY_ID'],
      [{ S3_ENDPOINT: 'http://127.0.0.1:9000' }, 'S3_BUCKET'],
    ] as const) {
      expect(() => loadConfig({ JWT_SECRET: SECRET, ...env }, cwd)).toThrow(named);
    }
  });

  it('generates the JWT secret once, keeps it in DATA_DIR/jwt-secret (0600) and reuses it', () => {
    const cwd = tempDir();
    const first = loadConfig({ DATA_DIR: 'd' }, cwd);
    const file = join(cwd, 'd', 'jwt-secret');
    expect(existsSync(file)).toBe(true);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(Buffer.from(first.jwtSecret, 'base64url')).toHaveLength(48);
    expect(readFileSync(file, 'utf8').trim()).toBe(first.jwtSecret);
    expect(loadConfig({ DATA_DIR: 'd' }, cwd).jwtSecret).toBe(first.jwtSecret);
    expect(loadConfig({ DATA_DIR: 'd', JWT_SECRET: SECRET }, cwd).jwtSecret).toBe(SECRET);
  });

  it('generates the secrets key once when the app needs it, keeps it in DATA_DIR/secrets-key (0600) and reuses it', () => {
    const cwd = tempDir();
    const config = loadConfig({ DATA_DIR: 'd', JWT_SECRET: SECRET }, cwd);
    const file = join(cwd, 'd', 'secrets-key');
    expect(existsSync(file)).toBe(false); // reading the settings writes nothing
    const first = secretsKeyOf(config);
    expect(first).toHaveLength(32);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(secretsKeyOf(config).equals(first)).toBe(true);
    const given = loadConfig({ DATA_DIR: 'd', JWT_SECRET: SECRET, SECRETS_KEY: 'ab'.repeat(32) }, cwd);
    expect(secretsKeyOf(given).toString('hex')).toBe('ab'.repeat(32));
    expect(() => loadConfig({ JWT_SECRET: SECRET, SECRETS_KEY: 'too-short' }, cwd)).toThrow(/SECRETS_KEY/);
    writeFileSync(file, 'not a key\n');
    expect(() => secretsKeyOf(config)).toThrow(ConfigError);
  });
});

describe('parseDatabaseUrl', () => {
  it('picks the dialect from the URL', () => {
    expect(parseDatabaseUrl(undefined, '/data')).toEqual({ dialect: 'sqlite', filename: '/data/admin.sqlite' });
    expect(parseDatabaseUrl('postgres://h/db', '/d')).toEqual({ dialect: 'postgres', connectionString: 'postgres://h/db' });
    expect(parseDatabaseUrl('postgresql://h/db', '/d').dialect).toBe('postgres');
    expect(parseDatabaseUrl('sqlite:/tmp/x.db', '/d')).toEqual({ dialect: 'sqlite', filename: '/tmp/x.db' });
    expect(parseDatabaseUrl('sqlite://rel/x.db', '/d')).toEqual({ dialect: 'sqlite', filename: 'rel/x.db' });
    expect(parseDatabaseUrl('./x.sqlite', '/d')).toEqual({ dialect: 'sqlite', filename: './x.sqlite' });
    expect(parseDatabaseUrl(':memory:', '/d')).toEqual({ dialect: 'sqlite', filename: ':memory:' });
    expect(() => parseDatabaseUrl('mysql://h/db', '/d')).toThrow(ConfigError);
  });
});

describe('settingsTable', () => {
  it('lists each setting once, with a default and a meaning', () => {
    const names = settingsTable.map((s) => s.name);
    expect(new Set(names).size).toBe(names.length);
    expect(names).toEqual(expect.arrayContaining(['PORT', 'HOST', 'DATA_DIR', 'DATABASE_URL', 'API_PREFIX', 'NODE_ENV', 'LOG_LEVEL',
      'JWT_SECRET', 'TOKEN_TTL_SECONDS', 'ADMIN_USERNAME', 'ADMIN_PASSWORD', 'HTTP_200_ENVELOPES', 'BODY_LIMIT_BYTES', 'READ_CONCURRENCY',
      'LOGIN_MAX_FAILURES_PER_ACCOUNT', 'LOGIN_MAX_FAILURES_PER_IP', 'LOGIN_WINDOW_SECONDS', 'TRUST_PROXY', 'STATIC_DIR']));
    for (const s of settingsTable) {
      expect(s.default.length, s.name).toBeGreaterThan(0);
      expect(s.meaning.length, s.name).toBeGreaterThan(10);
    }
  });

  it('every setting is read by loadConfig (a value in the env changes the config)', () => {
    const cwd = tempDir();
    const base = loadConfig({ JWT_SECRET: SECRET }, cwd);
    const samples: Record<string, string> = {
      PORT: '1234', HOST: '127.0.0.2', DATA_DIR: 'other', DATABASE_URL: ':memory:', API_PREFIX: '/x', NODE_ENV: 'production',
      LOG_LEVEL: 'debug', LOG_FORMAT: 'pretty', JWT_SECRET: 'y'.repeat(40), SECRETS_KEY: 'ab'.repeat(32), TOKEN_TTL_SECONDS: '120', ADMIN_USERNAME: 'boss', ADMIN_PASSWORD: 'pass-word',
      HTTP_200_ENVELOPES: 'true', BODY_LIMIT_BYTES: '4096', READ_CONCURRENCY: '3', LOGIN_MAX_FAILURES_PER_ACCOUNT: '2', LOGIN_MAX_FAILURES_PER_IP: '3',
      LOGIN_WINDOW_SECONDS: '30', TRUST_PROXY: 'true', STATIC_DIR: 'public',
      JOBS_ENABLED: 'false', API_DOCS: 'false', DEMO_CONTENT: 'false', SERVE_SOURCE_MAPS: 'true',
      LOGIN_MAX_FAILURES_PER_PAIR: '4', LOGIN_MAX_LOCK_SECONDS: '600', REGISTER_MAX_PER_IP: '2', REGISTER_WINDOW_SECONDS: '60', CLICK_MAX_PER_IP: '7', CLICK_MAX_PER_CODE: '8', CLICK_WINDOW_SECONDS: '90',
      SELLER_GROUP: 'Newcomers', DEFAULT_QUOTA_SHOPS: '1', DEFAULT_QUOTA_MOLDS: '2', DEFAULT_QUOTA_PRODUCTS: '3', DEFAULT_QUOTA_STORAGE_MB: '4',
      UPLOAD_MAX_PER_MINUTE: '5', CORS_ORIGINS: 'https://shop.example.com, http://localhost:5173', PUBLIC_URL: 'https://admin.example.com/', DEFAULT_SHOP_ID: '7',
      VIP_PAYPAL_ACCOUNT: 'pay@example.com', VIP_BLOCKCHAIN_NETWORK: 'TRC20', VIP_WALLET_ADDRESS: 'TXyz', VIP_BANK_ACCOUNT: 'ACME Bank 123',
      PAYPAL_API_BASE: 'http://127.0.0.1:9/paypal', PAYPAL_CLIENT_ID: 'client-1', PAYPAL_CLIENT_SECRET: 'secret-1', PAYPAL_WEBHOOK_ID: 'WH-1',
      PAYPAL_WEBHOOK_MAX_PER_IP: '9', PAYPAL_WEBHOOK_WINDOW_SECONDS: '30',
      ALIPAY_APP_ID: '2021000000000001', ALIPAY_PRIVATE_KEY: 'MIIEv-private', ALIPAY_PUBLIC_KEY: 'MIIB-public', ALIPAY_GATEWAY: 'http://127.0.0.1:9/gateway.do',
      WECHAT_PAY_MCH_ID: '1900000001', WECHAT_PAY_APP_ID: 'wx0001', WECHAT_PAY_PRIVATE_KEY: 'MIIE-private', WECHAT_PAY_CERT_SERIAL: 'SERIAL1',
      WECHAT_PAY_PUBLIC_KEY: 'MIIB-public', WECHAT_PAY_API_V3_KEY: 'k'.repeat(32), WECHAT_PAY_API_BASE: 'http://127.0.0.1:9/wx',
      S3_BUCKET: 'admin-uploads', S3_ENDPOINT: 'http://127.0.0.1:9000', S3_REGION: 'eu-west-1', S3_ACCESS_KEY_ID: 'key', S3_SECRET_ACCESS_KEY: 'secret',
      S3_FORCE_PATH_STYLE: 'true', SMTP_URL: 'smtp://user:pass@127.0.0.1:2525', MAIL_FROM: 'Shop <no-reply@shop.example.com>',
      KUAIDI100_CUSTOMER: 'CUST1', KUAIDI100_KEY: 'KEY1', KUAIDI100_API_BASE: 'http://127.0.0.1:9/k100', TRACKING_INTERVAL_SECONDS: '5', DEMO_CARRIER_STEP_SECONDS: '3',
    };
    // Settings that mean something only beside others: read against a base that has those.
    const besides: Record<string, Record<string, string>> = {
      S3_ENDPOINT: { S3_BUCKET: 'b-1' }, S3_REGION: { S3_BUCKET: 'b-1' }, S3_FORCE_PATH_STYLE: { S3_BUCKET: 'b-1' },
      KUAIDI100_CUSTOMER: { KUAIDI100_KEY: 'KEY0' }, KUAIDI100_KEY: { KUAIDI100_CUSTOMER: 'CUST0' }, KUAIDI100_API_BASE: { KUAIDI100_CUSTOMER: 'CUST0', KUAIDI100_KEY: 'KEY0' },
      S3_ACCESS_KEY_ID: { S3_BUCKET: 'b-1', S3_ACCESS_KEY_ID: 'key-0', S3_SECRET_ACCESS_KEY: 'secret' }, S3_SECRET_ACCESS_KEY: { S3_BUCKET: 'b-1', S3_ACCESS_KEY_ID: 'key', S3_SECRET_ACCESS_KEY: 'secret-0' },
    };
    for (const { name } of settingsTable) {
      expect(samples[name], `sample for ${name}`).toBeDefined();
      const others = besides[name];
      const from = others ? loadConfig({ JWT_SECRET: SECRET, ...others }, cwd) : base;
      expect(loadConfig({ JWT_SECRET: SECRET, ...others, [name]: samples[name] }, cwd), name).not.toEqual(from);
    }
  });

  it('matches the settings table in docs/settings.md', () => {
    const section = readFileSync(join(import.meta.dirname, '..', '..', 'docs', 'settings.md'), 'utf8');
    const rows = [...section.matchAll(/^\|\s*`([A-Z0-9_]+)`\s*\|/gm)].map((m) => m[1]);
    expect([...rows].sort()).toEqual(settingsTable.map((s) => s.name).sort());
  });
});
