/**
 * Who signs in, and from where. The demo accounts are the seed's own declarations (no test
 * restates a password), and every sign-in gets a fresh client address, so the sign-in throttle
 * (counted per address and per account+address) never carries over from one test to another.
 */
import { settingsTable } from '../../server/config';
import { DEMO_SELLER2 } from '../../server/seed/demo-tenancy';
import { DEMO_ADMIN_PASSWORD, DEMO_SELLER, DEMO_STAFF } from '../../server/seed/index';

export type Credentials = { readonly username: string; readonly password: string };

const staff = (username: (typeof DEMO_STAFF)[number]['username']): Credentials => {
  const found = DEMO_STAFF.find((s) => s.username === username);
  if (!found) throw new Error(`no demo staff ${username}`);
  return { username: found.username, password: found.password };
};

const ADMIN_USERNAME = settingsTable.find((s) => s.name === 'ADMIN_USERNAME')?.default;
if (!ADMIN_USERNAME) throw new Error('ADMIN_USERNAME has no default in server/config.ts');

/** The accounts a demo seed creates (tests build their apps with `{ demo: true }`). */
export const DEMO = {
  /** The super admin: ADMIN_USERNAME's default with the demo password. */
  admin: { username: ADMIN_USERNAME, password: DEMO_ADMIN_PASSWORD },
  seller: { username: DEMO_SELLER.username, password: DEMO_SELLER.password },
  seller2: { username: DEMO_SELLER2.username, password: DEMO_SELLER2.password },
  productAdmin: staff('productAdmin'),
  orderAdmin: staff('orderAdmin'),
  marketingAdmin: staff('marketingAdmin'),
} as const satisfies Record<string, Credentials>;

export type DemoRole = keyof typeof DEMO;
export const DEMO_ROLES = Object.keys(DEMO) as DemoRole[];

// Vitest numbers the workers running at the same time 1..maxWorkers (VITEST_POOL_ID), so two test
// files running in parallel never hand out the same address; the counter covers one file.
const worker = Number(process.env.VITEST_POOL_ID ?? process.pid) % 250;
let issued = 0;

/** A client address no earlier call in any test file running alongside has handed out (10.<worker>.x.y). */
export const freshIp = (): string => {
  issued += 1;
  if (issued >= 65_536) throw new Error('freshIp: more than 65535 addresses in one test file');
  return `10.${worker + 1}.${issued >> 8}.${issued & 255}`;
};
