// Protects: the demo (npm start) keeps its payment stand-ins' key pairs beside its data; it offers every offline VIP channel with clearly fake values when the VIP_* settings are unset, and online PayPal through the app's own PayPal stand-in (no PayPal app needed) at the address the server listens on; a setting the operator made wins.
import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PAY_CHANNELS } from '../../src/schema/vip/entities';
import { channelInfo, DEMO_VIP_PAYMENT, withDemoVipPayment } from '../../server/areas/vip/channels';
import { keptPemPairs } from '../../server/areas/vip/demo-keys';
import { DEMO_PAYPAL_PREFIX, withDemoPaypal } from '../../server/areas/vip/demo-paypal';
import type { Config } from '../../server/config';

const unset: Pick<Config, 'vipPayment' | 'paypal'> = {
  vipPayment: { paypalAccount: null, blockchainNetwork: null, walletAddress: null, bankAccount: null },
  paypal: { apiBase: 'https://api-m.sandbox.paypal.com', clientId: null, clientSecret: null, webhookId: null },
};

describe('the demo\'s VIP payment values', () => {
  it('make every offline channel usable, each showing what to pay to', () => {
    const channels = channelInfo(withDemoVipPayment(unset));
    const offline = PAY_CHANNELS.filter((c) => !c.online).map((c) => c.value);
    expect(channels.filter((c) => offline.includes(c.value as never) && !c.available)).toEqual([]);
    expect(channels.find((c) => c.value === 'bank')).toMatchObject({ bankAccount: DEMO_VIP_PAYMENT.bankAccount });
    expect(channels.find((c) => c.value === 'paypal_offline')).toMatchObject({ paypalAccount: DEMO_VIP_PAYMENT.paypalAccount });
    expect(channels.find((c) => c.value === 'blockchain')).toMatchObject({ blockchainNetwork: 'TRC20', walletAddress: DEMO_VIP_PAYMENT.walletAddress });
    // Without the demo values the same channels are not (bank says to ask the operator).
    expect(channelInfo(unset).filter((c) => !c.available).map((c) => c.value)).toEqual(expect.arrayContaining(['paypal_offline', 'blockchain']));
  });

  it('are clearly not real: each says demo, or is on a reserved example domain', () => {
    for (const value of [DEMO_VIP_PAYMENT.bankAccount, DEMO_VIP_PAYMENT.walletAddress]) expect(value).toMatch(/DEMO/);
    expect(DEMO_VIP_PAYMENT.paypalAccount).toMatch(/@demo\.example\.com$/);
  });

  it('leave what the operator set, a wallet with its own network included', () => {
    const set = withDemoVipPayment({ ...unset, vipPayment: { paypalAccount: 'pay@shop.test', blockchainNetwork: 'ERC20', walletAddress: '0xabc', bankAccount: null } });
    expect(set.vipPayment).toEqual({ paypalAccount: 'pay@shop.test', blockchainNetwork: 'ERC20', walletAddress: '0xabc', bankAccount: DEMO_VIP_PAYMENT.bankAccount });
    // A network without a wallet stays the operator's (unavailable), never half the demo's.
    expect(withDemoVipPayment({ ...unset, vipPayment: { ...unset.vipPayment, blockchainNetwork: 'ERC20' } }).vipPayment)
      .toMatchObject({ blockchainNetwork: 'ERC20', walletAddress: null });
  });

  it('offer online PayPal through the app\'s own stand-in, reached where the server listens; a PayPal app of the operator wins', () => {
    const listening = { ...unset, host: '0.0.0.0', port: 8080 };
    const demo = withDemoPaypal(listening);
    expect(demo.paypal).toMatchObject({ apiBase: `http://127.0.0.1:8080${DEMO_PAYPAL_PREFIX}`, demoSandbox: true, webhookId: null });
    expect(channelInfo(withDemoVipPayment(demo)).find((c) => c.value === 'paypal')).toMatchObject({ available: true });
    expect(withDemoPaypal({ ...listening, host: '::1' }).paypal.apiBase).toBe(`http://[::1]:8080${DEMO_PAYPAL_PREFIX}`);
    const operator = { ...listening, paypal: { ...unset.paypal, clientId: 'live-id', clientSecret: 'live-secret' } };
    expect(withDemoPaypal(operator)).toBe(operator);
    // On a port picked at start (PORT=0) the server cannot call itself before it listens: left off.
    expect(withDemoPaypal({ ...listening, port: 0 }).paypal.demoSandbox).toBeUndefined();
  });
});

describe('the demo\'s payment key pairs kept beside the data', () => {
  // Its own limit, not vitest's 5 s: it makes three RSA-2048 pairs, whose prime search takes a
  // random 0.1 to 2 s each on an idle core (3.8 s in all was seen) and several times that under load.
  it('are made once per role, kept owner-only, and read back at the next start', () => {
    const dir = mkdtempSync(join(tmpdir(), 'demo-keys-'));
    try {
      const first = keptPemPairs(dir);
      const app = first('alipay-app');
      const platform = first('wechatpay-platform');
      expect(app.privateKey).toMatch(/^-----BEGIN PRIVATE KEY-----/);
      expect(platform.publicKey).not.toBe(app.publicKey);
      const file = join(dir, 'demo-keys.json');
      expect(statSync(file).mode & 0o777).toBe(0o600);
      // A later start (a new reader over the same folder) gets the same pairs without making any.
      const again = keptPemPairs(dir);
      expect(again('alipay-app')).toEqual(app);
      expect(again('wechatpay-platform')).toEqual(platform);
      // What a half-written or edited file holds for a role is replaced, not used.
      writeFileSync(file, JSON.stringify({ 'alipay-app': { publicKey: 1 } }));
      expect(keptPemPairs(dir)('alipay-app').publicKey).not.toBe(app.publicKey);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);
});
