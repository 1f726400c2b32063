/**
 * Server settings, read once from the environment. Every setting has a default that gives a
 * working server on a fresh machine (`npm start`); bad values stop the start with a message
 * naming the variable, instead of surfacing later as odd behaviour.
 */
import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { isAbsolute, join, resolve } from 'node:path';
import { z } from 'zod';

export type DatabaseTarget =
  | { dialect: 'sqlite'; filename: string }
  | { dialect: 'postgres'; connectionString: string };

/** An S3-compatible bucket for uploads (S3_BUCKET set); otherwise they stay on local disk. */
export type S3Settings = {
  bucket: string;
  /** Unset: AWS S3 of the region; set: another S3-compatible service (MinIO, R2, …). */
  endpoint: string | null;
  region: string;
  /** Both unset: the SDK's own credential chain (environment, instance role). */
  accessKeyId: string | null;
  secretAccessKey: string | null;
  forcePathStyle: boolean;
};

type LogLevel = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
/** How log lines are written: pino's JSON (production, files, collectors) or pino-pretty's lines for a person. */
export type LogFormat = 'json' | 'pretty';

export type Config = {
  port: number;
  host: string;
  dataDir: string;
  database: DatabaseTarget;
  apiPrefix: string;
  nodeEnv: string;
  logLevel: LogLevel;
  logFormat: LogFormat;
  jwtSecret: string;
  /** SECRETS_KEY as given (32 bytes, hex or base64); unset: `secretsKeyOf` keeps one in the data folder. */
  secretsKey: string | undefined;
  tokenTtlSeconds: number;
  adminUsername: string;
  adminPassword: string | undefined;
  http200Envelopes: boolean;
  bodyLimitBytes: number;
  /** API reads (GET) run at once at most; more wait their turn, writes never do (server/http/read-gate.ts). 0: no limit. */
  readConcurrency: number;
  loginMaxFailuresPerPair: number;
  loginMaxFailuresPerAccount: number;
  loginMaxFailuresPerIp: number;
  loginWindowSeconds: number;
  loginMaxLockSeconds: number;
  registerMaxPerIp: number;
  registerWindowSeconds: number;
  clickMaxPerIp: number;
  clickMaxPerCode: number;
  clickWindowSeconds: number;
  /** PayPal webhook deliveries per client address and window (each costs one verification call to PayPal). */
  paypalWebhookMaxPerIp: number;
  paypalWebhookWindowSeconds: number;
  sellerGroup: string;
  defaultQuotas: { shops: number; molds: number; products: number; storageMb: number };
  uploadMaxPerMinute: number;
  corsOrigins: string[];
  publicUrl: string | null;
  /**
   * The shop a create body without `shopId` goes to when the caller may write several shops
   * (`mall`'s clients know no shops); null: such a body is refused (`choose_shop`).
   */
  defaultShopId: number | null;
  /** Upload storage: null keeps the images under `${DATA_DIR}/uploads`. */
  s3: S3Settings | null;
  /** What a seller paying for VIP offline is told (`GET /vip/plans`); a channel without its setting is unavailable. */
  vipPayment: { paypalAccount: string | null; blockchainNetwork: string | null; walletAddress: string | null; bankAccount: string | null };
  /**
   * The online PayPal channel (REST v2 API, server/areas/vip/paypal.ts): available only with a
   * client id and secret; webhooks are accepted only with the webhook id, checked by PayPal.
   */
  paypal: {
    apiBase: string; clientId: string | null; clientSecret: string | null; webhookId: string | null;
    /** The demo's own PayPal sandbox stands in for PayPal at apiBase (server/areas/vip/demo-paypal.ts). */
    demoSandbox?: boolean;
  };
  /**
   * The online Alipay channel (page pay, server/areas/vip/alipay.ts): available with the app id,
   * the app's private key (requests are signed RSA2) and Alipay's public key (notifies are checked).
   */
  alipay: {
    appId: string | null; privateKey: string | null; alipayPublicKey: string | null; gateway: string;
    /** The demo's Alipay stand-in (server/areas/vip/demo-alipay.ts) plays the gateway with this key pair's other halves. */
    demo?: { appPublicKey: string; gatewayPrivateKey: string };
  };
  /**
   * The online WeChat Pay channel (API v3 Native pay, server/areas/vip/wechatpay.ts): available with
   * the merchant id, app id, the merchant's private key and its certificate serial (requests are
   * signed), WeChat Pay's public key (notifies are checked) and the APIv3 key (notifies decrypted).
   */
  wechatPay: {
    mchId: string | null; appId: string | null; privateKey: string | null; certSerial: string | null;
    platformPublicKey: string | null; apiV3Key: string | null; apiBase: string;
    /** The demo's WeChat Pay stand-in (server/areas/vip/demo-wechatpay.ts) with the other halves of the demo keys. */
    demo?: { merchantPublicKey: string; platformPrivateKey: string; scanPath: string };
  };
  /**
   * The mail channel (server/jobs/mail.ts): messages leave through the SMTP server at `smtpUrl`
   * (nodemailer's `smtp://` / `smtps://` URL, credentials included) from `from`; null: they wait
   * in the outbox, queued, until a server is named.
   */
  mail: {
    smtpUrl: string | null; from: string;
    /** The demo's own inbox (server/jobs/demo-mail.ts) is the SMTP server at smtpUrl and shows what it got at `/demo-mail`. */
    demoInbox?: boolean;
  };
  /**
   * Carrier tracking of shipped orders (server/areas/oms/carriers.ts): Kuaidi100's query API with
   * the operator's customer id and key; null: none (`npm start`'s demo uses its stand-in carrier).
   */
  tracking: {
    kuaidi100: { customer: string; key: string; apiBase: string } | null;
    /** The demo's stand-in carrier, whose parcels advance over a few minutes. */
    demo?: boolean;
    /** Seconds between two runs of the tracking job (server/areas/oms/tracking.ts). */
    intervalSeconds: number;
    /** The stand-in carrier's pace: seconds between two events of a parcel (45: delivered 255 s after shipping). */
    demoStepSeconds: number;
  };
  trustProxy: boolean | number | string[];
  staticDir: string;
  jobsEnabled: boolean;
  /** Serve the OpenAPI document and Swagger UI at `${apiPrefix}/docs`. */
  apiDocs: boolean;
  demoContent: boolean;
  serveSourceMaps: boolean;
};

/** One row per setting: the settings table in docs/settings.md is checked against this by a unit test. */
export const settingsTable = [
  { name: 'PORT', default: '8080', meaning: 'TCP port the server listens on' },
  { name: 'HOST', default: '0.0.0.0', meaning: 'Interface the server binds to' },
  { name: 'DATA_DIR', default: './data', meaning: 'Directory for the SQLite file, the generated JWT secret and secrets key, and the generated admin password' },
  { name: 'DATABASE_URL', default: '${DATA_DIR}/admin.sqlite', meaning: '`postgres://…` selects PostgreSQL; `sqlite:path`, a plain path or `:memory:` selects SQLite' },
  { name: 'API_PREFIX', default: '/api', meaning: 'Path prefix of every API route' },
  { name: 'NODE_ENV', default: 'development', meaning: '`production` forbids the fixed demo admin password' },
  { name: 'LOG_FORMAT', default: 'pretty in development at a terminal, else json', meaning: '`json`: one pino JSON object per line (epoch-millisecond `time`), for production and log collectors; `pretty`: pino-pretty\'s readable lines (local time, level, message, fields), for a person watching `npm start` or `npm run dev`' },
  { name: 'LOG_LEVEL', default: 'info', meaning: 'pino log level: `info` writes one line per API request (method, path, status, ms; a refusal\'s or error\'s reason on that line), `debug` also the admin page, its files and uploaded files, `warn` only requests with a warning or an error (`silent` in tests)' },
  { name: 'JWT_SECRET', default: 'generated', meaning: 'HS256 signing secret (at least 32 characters); if unset, 48 random bytes are generated once and kept in `${DATA_DIR}/jwt-secret` (mode 0600)' },
  { name: 'SECRETS_KEY', default: 'generated', meaning: 'AES-256-GCM key that encrypts secret fields at rest (32 bytes as 64 hex digits or base64); if unset, generated once and kept in `${DATA_DIR}/secrets-key` (mode 0600). Losing it loses every stored secret' },
  { name: 'TOKEN_TTL_SECONDS', default: '604800', meaning: 'Lifetime of a sign-in session and its token (7 days)' },
  { name: 'ADMIN_USERNAME', default: 'admin', meaning: 'Username of the super administrator created on first start' },
  { name: 'ADMIN_PASSWORD', default: '(none)', meaning: 'Password of that administrator; if unset: `admin123` in demo mode outside production, otherwise a generated password printed once and written to `${DATA_DIR}/admin-password.txt`' },
  { name: 'HTTP_200_ENVELOPES', default: 'false', meaning: 'Answer every envelope with HTTP 200 (for old `mall` clients that read only `code`)' },
  { name: 'BODY_LIMIT_BYTES', default: '1048576', meaning: 'Largest accepted request body (larger: 413)' },
  { name: 'READ_CONCURRENCY', default: '6', meaning: 'API reads (GET) served at once; more wait their turn in arrival order, while writes start at once and never queue behind them (0: no limit)' },
  { name: 'LOGIN_MAX_FAILURES_PER_PAIR', default: '5', meaning: 'Failed sign-ins per (username, client address) within the window before that pair is locked (429); each further lock-out doubles the lock' },
  { name: 'LOGIN_MAX_FAILURES_PER_ACCOUNT', default: '50', meaning: 'Account-wide ceiling: failed sign-ins per username from all addresses within the window before the account is locked for addresses it never signed in from' },
  { name: 'LOGIN_MAX_FAILURES_PER_IP', default: '20', meaning: 'Failed sign-ins per client address (any usernames) within the window before that address is locked, except for accounts it signed in to before; each further lock-out doubles the lock' },
  { name: 'LOGIN_WINDOW_SECONDS', default: '900', meaning: 'Length of the sign-in throttle window, and of a first lock-out' },
  { name: 'LOGIN_MAX_LOCK_SECONDS', default: '86400', meaning: 'Longest lock-out that growing delays reach' },
  { name: 'REGISTER_MAX_PER_IP', default: '5', meaning: 'Self-registrations (including refused names) per client address within the registration window before 429' },
  { name: 'REGISTER_WINDOW_SECONDS', default: '3600', meaning: 'Length of the registration throttle window' },
  { name: 'CLICK_MAX_PER_IP', default: '20', meaning: 'Invite-link clicks recorded per client address within the click window before 429' },
  { name: 'CLICK_MAX_PER_CODE', default: '500', meaning: 'Invite-link clicks recorded per invite code within the click window before 429' },
  { name: 'CLICK_WINDOW_SECONDS', default: '3600', meaning: 'Length of the invite-link click throttle window' },
  { name: 'SELLER_GROUP', default: 'Standard sellers', meaning: 'Name of the user group self-registered sellers join (the seed creates it: 3 shops, 50 molds, 100 products, 200 MB)' },
  { name: 'DEFAULT_QUOTA_SHOPS', default: '3', meaning: 'Shops an account outside every user group may own (super admins excepted)' },
  { name: 'DEFAULT_QUOTA_MOLDS', default: '200', meaning: 'Molds in the shops of an account outside every user group' },
  { name: 'DEFAULT_QUOTA_PRODUCTS', default: '200', meaning: 'Products of an account outside every user group (once products count)' },
  { name: 'DEFAULT_QUOTA_STORAGE_MB', default: '100', meaning: 'Upload storage in MB of an account outside every user group' },
  { name: 'UPLOAD_MAX_PER_MINUTE', default: '30', meaning: 'Uploads per account per minute before 429 with Retry-After' },
  { name: 'CORS_ORIGINS', default: '(none)', meaning: 'Comma list of origins (`https://shop.example.com`) allowed to call the API and show uploaded files from their pages; none by default' },
  { name: 'PUBLIC_URL', default: '(none)', meaning: 'Public base URL of this server (`https://admin.example.com`); when set, upload answers carry absolute URLs that work from other origins' },
  { name: 'DEFAULT_SHOP_ID', default: '(none)', meaning: 'Shop that records created without `shopId` go to when the caller may write several shops (`mall` clients know no shops); unset: such a create is refused, except that `--demo` uses the demo\'s outlet shop' },
  { name: 'S3_BUCKET', default: '(none)', meaning: 'Keep uploaded images in this bucket of an S3-compatible store instead of `${DATA_DIR}/uploads`; the admin still serves them itself at `/uploads/…` (the bucket may stay private)' },
  { name: 'S3_ENDPOINT', default: '(none)', meaning: 'URL of the S3-compatible service (`http://127.0.0.1:9000` for MinIO); unset: AWS S3 of S3_REGION' },
  { name: 'S3_REGION', default: 'us-east-1', meaning: 'Region of the bucket (any value for most S3-compatible services)' },
  { name: 'S3_ACCESS_KEY_ID', default: '(none)', meaning: 'Access key of the bucket, with S3_SECRET_ACCESS_KEY; both unset: the SDK\'s own credentials (environment, instance role)' },
  { name: 'S3_SECRET_ACCESS_KEY', default: '(none)', meaning: 'Secret of S3_ACCESS_KEY_ID' },
  { name: 'S3_FORCE_PATH_STYLE', default: 'true with S3_ENDPOINT', meaning: 'Address the bucket as `endpoint/bucket/key` (MinIO and most self-hosted stores) rather than `bucket.endpoint/key`' },
  { name: 'VIP_PAYPAL_ACCOUNT', default: '(none)', meaning: 'PayPal account sellers pay VIP to offline (`/pay/index`); unset: the offline PayPal channel is unavailable (`npm start`\'s demo: a demo address)' },
  { name: 'VIP_BLOCKCHAIN_NETWORK', default: '(none)', meaning: 'Blockchain network of the VIP wallet (`TRC20`); with VIP_WALLET_ADDRESS, the offline blockchain channel' },
  { name: 'VIP_WALLET_ADDRESS', default: '(none)', meaning: 'Wallet address sellers pay VIP to on VIP_BLOCKCHAIN_NETWORK; unset: the blockchain channel is unavailable (`npm start`\'s demo, with neither set: a fake TRC20 wallet)' },
  { name: 'VIP_BANK_ACCOUNT', default: '(none)', meaning: 'Bank account (name, bank, number) sellers transfer VIP payments to; unset: the bank channel says to ask the operator (`npm start`\'s demo: a fake account)' },
  { name: 'PAYPAL_API_BASE', default: 'https://api-m.sandbox.paypal.com', meaning: 'Base URL of PayPal\'s REST API for online VIP payments (`https://api-m.paypal.com` for live payments)' },
  { name: 'PAYPAL_CLIENT_ID', default: '(none)', meaning: 'Client id of the operator\'s PayPal REST app; with PAYPAL_CLIENT_SECRET, sellers may pay VIP online by PayPal; unset: that channel is unavailable (`npm start`\'s demo: the app\'s own PayPal stand-in under `/demo-paypal`, no account and no money)' },
  { name: 'PAYPAL_CLIENT_SECRET', default: '(none)', meaning: 'Secret of that PayPal REST app (never answered or logged)' },
  { name: 'PAYPAL_WEBHOOK_MAX_PER_IP', default: '60', meaning: 'PayPal webhook deliveries checked per client address within the webhook window; past it 429 without asking PayPal (each check is one call to PayPal)' },
  { name: 'PAYPAL_WEBHOOK_WINDOW_SECONDS', default: '60', meaning: 'Length of the PayPal webhook throttle window' },
  { name: 'PAYPAL_WEBHOOK_ID', default: '(none)', meaning: 'Id of the webhook registered with PayPal for `${API_PREFIX}/vip/paypal/webhook`; each event is checked with PayPal\'s verify-webhook-signature under it; unset: webhook events are refused (payments still settle when the buyer returns)' },
  { name: 'ALIPAY_APP_ID', default: '(none)', meaning: 'App id of the operator\'s Alipay app; with ALIPAY_PRIVATE_KEY and ALIPAY_PUBLIC_KEY, sellers may pay VIP online by Alipay (page pay); unset: that channel is unavailable (`npm start`\'s demo: the app\'s own Alipay stand-in under `/demo-alipay` with demo key pairs made once and kept in `${DATA_DIR}/demo-keys.json`, no account and no money)' },
  { name: 'ALIPAY_PRIVATE_KEY', default: '(none)', meaning: 'The app\'s RSA private key that signs requests (RSA2, SHA256withRSA): PEM (`\\n` for line breaks) or the bare base64 Alipay\'s key tool writes (never answered or logged)' },
  { name: 'ALIPAY_PUBLIC_KEY', default: '(none)', meaning: 'Alipay\'s public key (not the app\'s) that checks each notify to `${API_PREFIX}/vip/alipay/notify`: PEM or bare base64' },
  { name: 'ALIPAY_GATEWAY', default: 'https://openapi.alipay.com/gateway.do', meaning: 'Alipay\'s gateway the buyer is sent to (`https://openapi-sandbox.dl.alipaydev.com/gateway.do` for Alipay\'s sandbox)' },
  { name: 'WECHAT_PAY_MCH_ID', default: '(none)', meaning: 'WeChat Pay merchant id; with the app id, keys, serial and APIv3 key below, sellers may pay VIP online by WeChat Pay (API v3 Native pay: a QR code); unset: that channel is unavailable (`npm start`\'s demo: the app\'s own WeChat Pay stand-in under `/demo-wechatpay` with demo keys kept in `${DATA_DIR}/demo-keys.json`, whose QR page offers "simulate the scan")' },
  { name: 'WECHAT_PAY_APP_ID', default: '(none)', meaning: 'The app id (appid) bound to that merchant' },
  { name: 'WECHAT_PAY_PRIVATE_KEY', default: '(none)', meaning: 'The merchant\'s API private key (apiclient_key.pem) that signs requests (WECHATPAY2-SHA256-RSA2048): PEM (`\\n` for line breaks) or bare base64 (never answered or logged)' },
  { name: 'WECHAT_PAY_CERT_SERIAL', default: '(none)', meaning: 'Serial number of the merchant\'s API certificate, named in each request\'s signature' },
  { name: 'WECHAT_PAY_PUBLIC_KEY', default: '(none)', meaning: 'WeChat Pay\'s public key (or its platform certificate\'s) that checks each notify to `${API_PREFIX}/vip/wechat/notify`: PEM or bare base64' },
  { name: 'WECHAT_PAY_API_V3_KEY', default: '(none)', meaning: 'The 32-character APIv3 key that decrypts notifies (AEAD_AES_256_GCM; never answered or logged)' },
  { name: 'WECHAT_PAY_API_BASE', default: 'https://api.mch.weixin.qq.com', meaning: 'Base URL of WeChat Pay\'s API v3' },
  { name: 'SMTP_URL', default: '(none)', meaning: 'SMTP server the messages to buyers and sellers leave through (order messages, shipped and refunded notices, VIP results, password changes), as `smtp://user:password@host:587` or `smtps://…:465` (credentials URL-encoded; never answered or logged); unset: messages stay queued in the outbox (`npm start`\'s demo: the app\'s own inbox, a real SMTP server inside the app whose mails show at `/demo-mail`)' },
  { name: 'MAIL_FROM', default: 'Marketplace <no-reply@localhost>', meaning: 'Sender of every message (`Shop name <no-reply@example.com>`): an address the SMTP server may send from' },
  { name: 'KUAIDI100_CUSTOMER', default: '(none)', meaning: 'Customer id of the operator\'s Kuaidi100 account; with KUAIDI100_KEY, shipped orders are tracked with their carrier (Chinese, US and European carriers) every few minutes; unset: no carrier tracking (`npm start`\'s demo: a stand-in carrier whose parcels advance over a few minutes)' },
  { name: 'KUAIDI100_KEY', default: '(none)', meaning: 'Key of that Kuaidi100 account, signing every query (MD5 of param + key + customer; never answered or logged)' },
  { name: 'KUAIDI100_API_BASE', default: 'https://poll.kuaidi100.com', meaning: 'Base URL of Kuaidi100\'s API (its real-time query is `/poll/query.do`)' },
  { name: 'TRACKING_INTERVAL_SECONDS', default: '120', meaning: 'Seconds between two runs of the job that asks the carrier about shipped orders and records their new events (each run asks at most 200 parcels, the longest-shipped first)' },
  { name: 'DEMO_CARRIER_STEP_SECONDS', default: '45', meaning: 'Pace of the demo\'s stand-in carrier (no KUAIDI100_* account): seconds between two events of a parcel, the first two thirds of a step after shipping; at 45 a parcel is delivered 255 s after shipping (a smaller value makes a demo or a test walk faster)' },
  { name: 'TRUST_PROXY', default: 'false', meaning: 'Trust X-Forwarded-* headers: `true`, a hop count, or a comma list of proxy addresses' },
  { name: 'STATIC_DIR', default: './dist', meaning: 'Built admin served at `/` (built on start when index.html is missing)' },
  { name: 'JOBS_ENABLED', default: 'true', meaning: 'Run the scheduled jobs (session and throttle purges, order time-outs and automatic receipt) in this process; several processes may run them, each run happens once' },
  { name: 'API_DOCS', default: 'true outside production', meaning: 'Serve the OpenAPI document and Swagger UI at `${API_PREFIX}/docs`; `false` in production unless set' },
  { name: 'SERVE_SOURCE_MAPS', default: 'false', meaning: 'Serve the build\'s source maps (`/assets/*.js.map`); otherwise they answer 404' },
  { name: 'DEMO_CONTENT', default: 'true', meaning: 'With `--demo` (`npm start`) outside production: the first start also fills every list with sample brands, categories, product types, ads, member levels and return reasons (images included); `false` seeds only accounts, shops and molds' },
] as const;

type SettingName = (typeof settingsTable)[number]['name'];
type Env = Partial<Record<SettingName, string>> & Record<string, string | undefined>;

export class ConfigError extends Error {
  override name = 'ConfigError';
}

const intIn = (min: number, max: number) =>
  z.string().trim().regex(/^\d+$/, 'must be a whole number').transform(Number)
    .pipe(z.number().int().min(min, `must be at least ${min}`).max(max, `must be at most ${max}`));

const bool = z.string().trim().toLowerCase()
  .refine((v) => ['true', 'false', '1', '0', 'yes', 'no', ''].includes(v), 'must be true or false')
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

/** A 32-byte key written as 64 hex digits or as base64 / base64url; null when it is neither. */
const decodeKey = (text: string): Buffer | null => {
  const key = /^[0-9a-f]{64}$/i.test(text) ? Buffer.from(text, 'hex') : /^[A-Za-z0-9+/_-]{43}=?$/.test(text) ? Buffer.from(text, 'base64url') : null;
  return key?.length === 32 ? key : null;
};

const envSchema = z.object({
  PORT: intIn(0, 65535).default(8080),
  HOST: z.string().trim().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().trim().min(1).default('./data'),
  DATABASE_URL: z.string().trim().min(1).optional(),
  API_PREFIX: z.string().trim().regex(/^\/[A-Za-z0-9_\-/]*[A-Za-z0-9_-]$/, 'must start with / and not end with /').default('/api'),
  NODE_ENV: z.string().trim().min(1).default('development'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  LOG_FORMAT: z.enum(['json', 'pretty']).optional(),
  JWT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  SECRETS_KEY: z.string().trim().refine((v) => decodeKey(v) !== null, 'must be 32 bytes, as 64 hex digits or base64').optional(),
  TOKEN_TTL_SECONDS: intIn(60, 60 * 60 * 24 * 366).default(604800),
  ADMIN_USERNAME: z.string().trim().min(2).max(64).default('admin'),
  ADMIN_PASSWORD: z.string().min(6, 'must be at least 6 characters').max(128).optional(),
  HTTP_200_ENVELOPES: bool.default(false),
  BODY_LIMIT_BYTES: intIn(1024, 1024 * 1024 * 1024).default(1024 * 1024),
  READ_CONCURRENCY: intIn(0, 10_000).default(6),
  LOGIN_MAX_FAILURES_PER_PAIR: intIn(1, 1_000_000).default(5),
  LOGIN_MAX_FAILURES_PER_ACCOUNT: intIn(1, 1_000_000).default(50),
  LOGIN_MAX_FAILURES_PER_IP: intIn(1, 1_000_000).default(20),
  LOGIN_WINDOW_SECONDS: intIn(1, 60 * 60 * 24 * 30).default(900),
  LOGIN_MAX_LOCK_SECONDS: intIn(1, 60 * 60 * 24 * 365).default(86400),
  REGISTER_MAX_PER_IP: intIn(1, 1_000_000).default(5),
  REGISTER_WINDOW_SECONDS: intIn(1, 60 * 60 * 24 * 30).default(3600),
  CLICK_MAX_PER_IP: intIn(1, 1_000_000).default(20),
  CLICK_MAX_PER_CODE: intIn(1, 1_000_000).default(500),
  CLICK_WINDOW_SECONDS: intIn(1, 60 * 60 * 24 * 30).default(3600),
  PAYPAL_WEBHOOK_MAX_PER_IP: intIn(1, 1_000_000).default(60),
  PAYPAL_WEBHOOK_WINDOW_SECONDS: intIn(1, 60 * 60 * 24 * 30).default(60),
  SELLER_GROUP: z.string().trim().min(1).max(100).default('Standard sellers'),
  DEFAULT_QUOTA_SHOPS: intIn(0, 1_000_000_000).default(3),
  DEFAULT_QUOTA_MOLDS: intIn(0, 1_000_000_000).default(200),
  DEFAULT_QUOTA_PRODUCTS: intIn(0, 1_000_000_000).default(200),
  DEFAULT_QUOTA_STORAGE_MB: intIn(0, 1_000_000_000).default(100),
  UPLOAD_MAX_PER_MINUTE: intIn(1, 1_000_000).default(30),
  CORS_ORIGINS: z.string().trim().default('').transform((v, ctx) => {
    const origins = v.split(',').map((o) => o.trim()).filter(Boolean);
    for (const origin of origins) {
      let parsed: URL | null = null;
      try { parsed = new URL(origin); } catch { /* reported below */ }
      if (!parsed || !/^https?:$/.test(parsed.protocol) || parsed.origin !== origin) {
        ctx.addIssue({ code: 'custom', message: `"${origin}" is not an origin like https://shop.example.com (scheme, host, optional port; no path or trailing slash)` });
      }
    }
    return origins;
  }),
  PUBLIC_URL: z.string().trim().url('must be a URL like https://admin.example.com').regex(/^https?:\/\//, 'must start with http:// or https://').transform((v) => v.replace(/\/+$/, '')).optional(),
  DEFAULT_SHOP_ID: intIn(1, 2_147_483_647).optional(),
  S3_BUCKET: z.string().trim().regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'must be a bucket name (3 to 63 lower-case letters, digits, dots and hyphens)').optional(),
  S3_ENDPOINT: z.string().trim().url('must be a URL like http://127.0.0.1:9000').regex(/^https?:\/\//, 'must start with http:// or https://').optional(),
  S3_REGION: z.string().trim().regex(/^[a-z0-9-]{1,50}$/, 'must be a region name like us-east-1').default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().trim().max(200).optional(),
  S3_SECRET_ACCESS_KEY: z.string().trim().max(200).optional(),
  S3_FORCE_PATH_STYLE: bool.optional(),
  VIP_PAYPAL_ACCOUNT: z.string().trim().max(200).optional(),
  VIP_BLOCKCHAIN_NETWORK: z.string().trim().max(50).optional(),
  VIP_WALLET_ADDRESS: z.string().trim().max(200).optional(),
  VIP_BANK_ACCOUNT: z.string().trim().max(500).optional(),
  PAYPAL_API_BASE: z.string().trim().url('must be a URL like https://api-m.paypal.com').regex(/^https?:\/\//, 'must start with http:// or https://')
    .transform((v) => v.replace(/\/+$/, '')).default('https://api-m.sandbox.paypal.com'),
  PAYPAL_CLIENT_ID: z.string().trim().max(200).optional(),
  PAYPAL_CLIENT_SECRET: z.string().trim().max(200).optional(),
  PAYPAL_WEBHOOK_ID: z.string().trim().max(100).optional(),
  ALIPAY_APP_ID: z.string().trim().max(64).optional(),
  ALIPAY_PRIVATE_KEY: z.string().trim().max(8000).optional(),
  ALIPAY_PUBLIC_KEY: z.string().trim().max(4000).optional(),
  ALIPAY_GATEWAY: z.string().trim().url('must be a URL like https://openapi.alipay.com/gateway.do').regex(/^https?:\/\//, 'must start with http:// or https://')
    .default('https://openapi.alipay.com/gateway.do'),
  WECHAT_PAY_MCH_ID: z.string().trim().max(32).optional(),
  WECHAT_PAY_APP_ID: z.string().trim().max(32).optional(),
  WECHAT_PAY_PRIVATE_KEY: z.string().trim().max(8000).optional(),
  WECHAT_PAY_CERT_SERIAL: z.string().trim().max(64).optional(),
  WECHAT_PAY_PUBLIC_KEY: z.string().trim().max(4000).optional(),
  WECHAT_PAY_API_V3_KEY: z.string().trim().length(32, 'must be the 32-character APIv3 key').optional(),
  WECHAT_PAY_API_BASE: z.string().trim().url('must be a URL like https://api.mch.weixin.qq.com').regex(/^https?:\/\//, 'must start with http:// or https://')
    .transform((v) => v.replace(/\/+$/, '')).default('https://api.mch.weixin.qq.com'),
  KUAIDI100_CUSTOMER: z.string().trim().max(64).optional(),
  KUAIDI100_KEY: z.string().trim().max(64).optional(),
  KUAIDI100_API_BASE: z.string().trim().url('must be a URL like https://poll.kuaidi100.com').regex(/^https?:\/\//, 'must start with http:// or https://')
    .transform((v) => v.replace(/\/+$/, '')).default('https://poll.kuaidi100.com'),
  TRACKING_INTERVAL_SECONDS: intIn(1, 60 * 60 * 24).default(120),
  DEMO_CARRIER_STEP_SECONDS: intIn(1, 60 * 60 * 24).default(45),
  SMTP_URL: z.string().trim().regex(/^smtps?:\/\/[^\s]+$/, 'must be a URL like smtp://user:password@host:587 or smtps://host:465').optional(),
  MAIL_FROM: z.string().trim().min(3).max(320).default('Marketplace <no-reply@localhost>'),
  TRUST_PROXY: z.string().trim().default('false'),
  STATIC_DIR: z.string().trim().min(1).default('./dist'),
  JOBS_ENABLED: bool.default(true),
  API_DOCS: bool.optional(),
  DEMO_CONTENT: bool.default(true),
  SERVE_SOURCE_MAPS: bool.default(false),
});

/** `postgres://…` → PostgreSQL; `sqlite:path`, `:memory:` or a plain path → SQLite. */
export const parseDatabaseUrl = (url: string | undefined, dataDir: string): DatabaseTarget => {
  if (!url) return { dialect: 'sqlite', filename: join(dataDir, 'admin.sqlite') };
  if (/^postgres(ql)?:\/\//i.test(url)) return { dialect: 'postgres', connectionString: url };
  if (url === ':memory:' || url === 'sqlite::memory:') return { dialect: 'sqlite', filename: ':memory:' };
  const path = url.replace(/^sqlite:(\/\/)?/i, '');
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(path)) throw new ConfigError(`DATABASE_URL: unsupported scheme in "${url}" (use postgres://… or a SQLite path)`);
  if (!path) throw new ConfigError('DATABASE_URL: empty SQLite path');
  return { dialect: 'sqlite', filename: path };
};

const parseTrustProxy = (value: string): Config['trustProxy'] => {
  const v = value.toLowerCase();
  if (v === '' || v === 'false' || v === '0' || v === 'no') return false;
  if (v === 'true' || v === 'yes') return true;
  if (/^\d+$/.test(v)) return Number(v);
  return value.split(',').map((s) => s.trim()).filter(Boolean);
};

/**
 * The JWT secret must survive restarts (or every restart signs everyone out) and must not be a
 * constant in the code, so an unset JWT_SECRET is generated once and kept beside the data.
 */
const loadOrCreateJwtSecret = (dataDir: string): string => {
  const file = join(dataDir, 'jwt-secret');
  if (existsSync(file)) {
    const secret = readFileSync(file, 'utf8').trim();
    if (secret.length >= 32) return secret;
    throw new ConfigError(`${file} holds a secret shorter than 32 characters; delete it to generate a new one`);
  }
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, `${secret}\n`, { mode: 0o600, flag: 'wx' });
  chmodSync(file, 0o600);
  return secret;
};

/**
 * The key that encrypts secret fields (server/crud/secrets.ts): SECRETS_KEY, or one generated on
 * first use and kept in `${DATA_DIR}/secrets-key` (mode 0600), like the JWT secret. Read when the
 * app is built, not by `loadConfig`, so reading settings never writes a file.
 */
export const secretsKeyOf = (config: Pick<Config, 'secretsKey' | 'dataDir'>): Buffer => {
  if (config.secretsKey) return decodeKey(config.secretsKey)!;
  const file = join(config.dataDir, 'secrets-key');
  if (existsSync(file)) {
    const key = decodeKey(readFileSync(file, 'utf8').trim());
    if (key) return key;
    throw new ConfigError(`${file} does not hold a 32-byte key; restore it from a backup (deleting it loses every stored secret)`);
  }
  mkdirSync(config.dataDir, { recursive: true, mode: 0o700 });
  const key = randomBytes(32);
  writeFileSync(file, `${key.toString('base64url')}\n`, { mode: 0o600, flag: 'wx' });
  chmodSync(file, 0o600);
  return key;
};

/**
 * Reads the settings from `env` (default: process.env). Empty strings count as unset, so a
 * blank line in an env file does not turn into an invalid value.
 */
export const loadConfig = (env: Env = process.env, cwd = process.cwd()): Config => {
  const present = Object.fromEntries(
    settingsTable.map(({ name }) => [name, env[name]]).filter(([, v]) => v !== undefined && v !== ''),
  );
  const parsed = envSchema.safeParse(present);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid settings:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  if (Boolean(e.S3_ACCESS_KEY_ID) !== Boolean(e.S3_SECRET_ACCESS_KEY)) {
    throw new ConfigError(`Invalid settings:\n  ${e.S3_ACCESS_KEY_ID ? 'S3_SECRET_ACCESS_KEY' : 'S3_ACCESS_KEY_ID'}: must be set together with ${e.S3_ACCESS_KEY_ID ? 'S3_ACCESS_KEY_ID' : 'S3_SECRET_ACCESS_KEY'}`);
  }
  if (!e.S3_BUCKET && (e.S3_ENDPOINT || e.S3_ACCESS_KEY_ID)) {
    throw new ConfigError('Invalid settings:\n  S3_BUCKET: must be set when S3_ENDPOINT or S3_ACCESS_KEY_ID is (otherwise uploads would silently stay on local disk)');
  }
  const abs = (p: string) => (isAbsolute(p) ? p : resolve(cwd, p));
  const dataDir = abs(e.DATA_DIR);
  const database = parseDatabaseUrl(e.DATABASE_URL, dataDir);
  if (database.dialect === 'sqlite' && database.filename !== ':memory:') database.filename = abs(database.filename);
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir,
    database,
    apiPrefix: e.API_PREFIX,
    nodeEnv: e.NODE_ENV,
    logLevel: e.LOG_LEVEL,
    // A person reads a development server's terminal; production's log and a piped one are read by programs.
    logFormat: e.LOG_FORMAT ?? (e.NODE_ENV === 'development' && process.stdout.isTTY ? 'pretty' : 'json'),
    jwtSecret: e.JWT_SECRET ?? loadOrCreateJwtSecret(dataDir),
    secretsKey: e.SECRETS_KEY,
    tokenTtlSeconds: e.TOKEN_TTL_SECONDS,
    adminUsername: e.ADMIN_USERNAME,
    adminPassword: e.ADMIN_PASSWORD,
    http200Envelopes: e.HTTP_200_ENVELOPES,
    bodyLimitBytes: e.BODY_LIMIT_BYTES,
    readConcurrency: e.READ_CONCURRENCY,
    loginMaxFailuresPerPair: e.LOGIN_MAX_FAILURES_PER_PAIR,
    loginMaxFailuresPerAccount: e.LOGIN_MAX_FAILURES_PER_ACCOUNT,
    loginMaxFailuresPerIp: e.LOGIN_MAX_FAILURES_PER_IP,
    loginWindowSeconds: e.LOGIN_WINDOW_SECONDS,
    loginMaxLockSeconds: e.LOGIN_MAX_LOCK_SECONDS,
    registerMaxPerIp: e.REGISTER_MAX_PER_IP,
    registerWindowSeconds: e.REGISTER_WINDOW_SECONDS,
    clickMaxPerIp: e.CLICK_MAX_PER_IP,
    clickMaxPerCode: e.CLICK_MAX_PER_CODE,
    clickWindowSeconds: e.CLICK_WINDOW_SECONDS,
    paypalWebhookMaxPerIp: e.PAYPAL_WEBHOOK_MAX_PER_IP,
    paypalWebhookWindowSeconds: e.PAYPAL_WEBHOOK_WINDOW_SECONDS,
    sellerGroup: e.SELLER_GROUP,
    defaultQuotas: { shops: e.DEFAULT_QUOTA_SHOPS, molds: e.DEFAULT_QUOTA_MOLDS, products: e.DEFAULT_QUOTA_PRODUCTS, storageMb: e.DEFAULT_QUOTA_STORAGE_MB },
    uploadMaxPerMinute: e.UPLOAD_MAX_PER_MINUTE,
    corsOrigins: e.CORS_ORIGINS,
    publicUrl: e.PUBLIC_URL ?? null,
    defaultShopId: e.DEFAULT_SHOP_ID ?? null,
    s3: e.S3_BUCKET ? {
      bucket: e.S3_BUCKET, endpoint: e.S3_ENDPOINT?.replace(/\/+$/, '') ?? null, region: e.S3_REGION,
      accessKeyId: e.S3_ACCESS_KEY_ID || null, secretAccessKey: e.S3_SECRET_ACCESS_KEY || null,
      // Self-hosted stores rarely have per-bucket host names.
      forcePathStyle: e.S3_FORCE_PATH_STYLE ?? Boolean(e.S3_ENDPOINT),
    } : null,
    vipPayment: {
      paypalAccount: e.VIP_PAYPAL_ACCOUNT || null, blockchainNetwork: e.VIP_BLOCKCHAIN_NETWORK || null,
      walletAddress: e.VIP_WALLET_ADDRESS || null, bankAccount: e.VIP_BANK_ACCOUNT || null,
    },
    paypal: {
      apiBase: e.PAYPAL_API_BASE, clientId: e.PAYPAL_CLIENT_ID || null,
      clientSecret: e.PAYPAL_CLIENT_SECRET || null, webhookId: e.PAYPAL_WEBHOOK_ID || null,
    },
    alipay: {
      appId: e.ALIPAY_APP_ID || null, privateKey: e.ALIPAY_PRIVATE_KEY || null,
      alipayPublicKey: e.ALIPAY_PUBLIC_KEY || null, gateway: e.ALIPAY_GATEWAY,
    },
    wechatPay: {
      mchId: e.WECHAT_PAY_MCH_ID || null, appId: e.WECHAT_PAY_APP_ID || null, privateKey: e.WECHAT_PAY_PRIVATE_KEY || null,
      certSerial: e.WECHAT_PAY_CERT_SERIAL || null, platformPublicKey: e.WECHAT_PAY_PUBLIC_KEY || null,
      apiV3Key: e.WECHAT_PAY_API_V3_KEY || null, apiBase: e.WECHAT_PAY_API_BASE,
    },
    mail: { smtpUrl: e.SMTP_URL ?? null, from: e.MAIL_FROM },
    tracking: {
      kuaidi100: e.KUAIDI100_CUSTOMER && e.KUAIDI100_KEY ? { customer: e.KUAIDI100_CUSTOMER, key: e.KUAIDI100_KEY, apiBase: e.KUAIDI100_API_BASE } : null,
      intervalSeconds: e.TRACKING_INTERVAL_SECONDS, demoStepSeconds: e.DEMO_CARRIER_STEP_SECONDS,
    },
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    staticDir: abs(e.STATIC_DIR),
    jobsEnabled: e.JOBS_ENABLED,
    // The document maps every route and parameter: handy while developing, an unneeded map in production.
    apiDocs: e.API_DOCS ?? e.NODE_ENV !== 'production',
    demoContent: e.DEMO_CONTENT,
    serveSourceMaps: e.SERVE_SOURCE_MAPS,
  };
};
