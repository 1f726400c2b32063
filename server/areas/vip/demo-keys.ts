/**
 * The RSA key pairs of the demo's payment stand-ins (./demo-alipay.ts, ./demo-wechatpay.ts). Four
 * 2048-bit pairs took ~0.8 s of CPU at every start of `npm start` and of each browser test's server,
 * so the demo keeps its pairs beside its data, like the JWT secret; tests' sandboxes make fresh ones.
 */
import { generateKeyPairSync } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

type PemPair = { publicKey: string; privateKey: string };
/** The key pair for a named role (`alipay-app`, `wechatpay-platform`, …). */
export type PemPairs = (name: string) => PemPair;

export const freshPemPair: PemPairs = () => generateKeyPairSync('rsa', {
  modulusLength: 2048, publicKeyEncoding: { type: 'spki', format: 'pem' }, privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
});

const isPair = (value: unknown): value is PemPair => typeof value === 'object' && value !== null
  && typeof (value as PemPair).publicKey === 'string' && typeof (value as PemPair).privateKey === 'string';

/** Pairs kept in `${dataDir}/demo-keys.json` (mode 0600), each made on its first use. */
export const keptPemPairs = (dataDir: string): PemPairs => (name) => {
  const file = join(dataDir, 'demo-keys.json');
  const kept = existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown> : {};
  const found = kept[name];
  if (isPair(found)) return found;
  const pair = freshPemPair(name);
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  writeFileSync(file, JSON.stringify({ ...kept, [name]: pair }), { mode: 0o600 });
  chmodSync(file, 0o600);
  return pair;
};
