// Protects: the order's mail to its buyer (server/areas/oms/messages.ts) on SQLite and PostgreSQL: "send a message" and
// shipping put a mail in the outbox in the buyer's language in the same transaction (a refused shipment leaves none), the
// order's messages list each with its delivery state read from the outbox (queued, sent, failed with the mail server's
// reason, not sent for a buyer without email), and the mail arrives through a real SMTP conversation.
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AnyKysely } from '../../server/db/index';
import { toDbTime } from '../../server/db/time';
import { readMail } from '../../server/jobs/demo-mail';
import { closeMailTransports, smtpSender } from '../../server/jobs/mail';
import { deliverDue } from '../../server/jobs/outbox';
import { ORDER_STATUS } from '../../src/schema/oms/entities';
import { DEMO } from '../helpers/accounts';
import { call, login } from '../helpers/api';
import { adminIdOf, shopIdsOf } from '../helpers/tenancy';
import type { TestApp } from '../helpers/test-db';
import { createTestApp, testDialects } from '../helpers/test-db';

type Message = { kind: string; content: string; recipient: string | null; deliveryState: string; deliveryError: string | null; sentTime: string | null };

describe.each(testDialects())('order mail to the buyer (%s)', (dialect) => {
  let t: TestApp;
  let seller: string;
  let shop: number;
  let serial = 0;
  const received: { to: string; subject: string; text: string }[] = [];
  const refusals: number[] = [];
  let server: SMTPServer;
  let smtpUrl = '';
  const db = () => t.db as unknown as AnyKysely;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    seller = await login(t.app, DEMO.seller);
    [shop] = await shopIdsOf(t.db, await adminIdOf(t.db, DEMO.seller.username)) as [number];
    server = new SMTPServer({
      disabledCommands: ['STARTTLS', 'AUTH'], authOptional: true, logger: false,
      onRcptTo(_a, _s, callback) {
        const code = refusals.shift();
        callback(code ? Object.assign(new Error('Mailbox unavailable'), { responseCode: code }) : undefined);
      },
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (c: Buffer) => chunks.push(c));
        stream.on('end', () => {
          const { headers, text } = readMail(Buffer.concat(chunks).toString('utf8'));
          received.push({ to: session.envelope.rcptTo[0]!.address, subject: headers.get('subject') ?? '', text });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
    const address = server.server.address();
    smtpUrl = `smtp://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  });
  afterAll(async () => {
    closeMailTransports();
    await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
    await t?.close();
  });

  /** A buyer of the seller's shop and an order of theirs pending shipment. */
  const place = async (buyer: { email: string | null; language: 'en' | 'zh' | null }) => {
    serial += 1;
    const { id: memberId } = await db().insertInto('ums_member').values({
      shop_id: shop, username: `mail-${dialect}-${serial}`, email: buyer.email, language: buyer.language, apply_status: 1, create_time: toDbTime(),
    }).returning('id').executeTakeFirstOrThrow();
    const { id } = await db().insertInto('oms_order').values({
      shop_id: shop, order_sn: `M${dialect}${serial}`, status: ORDER_STATUS.pendingShipment, member_id: memberId, member_username: `mail-${dialect}-${serial}`,
      create_time: toDbTime(), total_amount: 1000, pay_amount: 1000, pay_status: 1, receiver_name: 'Ann', receiver_phone: '123', receiver_detail_address: 'Road 1', delete_status: 0,
    }).returning('id').executeTakeFirstOrThrow();
    return Number(id);
  };
  const messages = async (orderId: number) =>
    (await call<{ list: Message[] }>(t.app, 'GET', `/api/order/messages/list?orderId=${orderId}`, { token: seller })).body.data!.list;
  const outboxOf = (orderId: number) => db().selectFrom('sys_outbox').selectAll().where('topic', '=', 'order').where('topic_id', '=', orderId).execute();
  const deliver = (at = new Date()) => deliverDue(t.db, smtpSender({ smtpUrl, from: 'Shop <no-reply@shop.example.com>' })!, at);

  it('mails a message to the buyer in their language, and lists its delivery state', async () => {
    const order = await place({ email: 'li@example.cn', language: 'zh' });
    const sent = await call(t.app, 'POST', `/api/order/message/${order}?content=${encodeURIComponent('您的包裹明天到')}`, { token: seller });
    expect(sent.body).toMatchObject({ code: 200 });
    expect(await messages(order)).toMatchObject([{ kind: 'message', content: '您的包裹明天到', recipient: 'li@example.cn', deliveryState: 'queued', sentTime: null }]);
    expect(await deliver()).toMatchObject({ sent: 1 });
    const mail = received.find((m) => m.to === 'li@example.cn')!;
    expect(mail.subject).toMatch(/关于您的订单 M\w+ 的留言$/);
    expect(mail.text.startsWith('您的包裹明天到\n')).toBe(true);
    const [listed] = await messages(order);
    expect(listed).toMatchObject({ deliveryState: 'sent', deliveryError: null });
    expect(listed!.sentTime).toEqual(expect.any(String));
  });

  it('tells the buyer their order shipped, with carrier and number; a refused shipment mails nothing', async () => {
    const order = await place({ email: 'ann@example.com', language: 'en' });
    const other = await place({ email: 'bob@example.com', language: null });
    // One bad row refuses the whole shipment: no order ships, no mail is queued.
    const refused = await call(t.app, 'POST', '/api/order/update/delivery', {
      token: seller, body: [{ orderId: order, deliveryCompany: 'DHL', deliverySn: 'JD1' }, { orderId: other, deliveryCompany: 'DHL', deliverySn: '' }],
    });
    expect(refused.status).toBe(400);
    expect([...await outboxOf(order), ...await outboxOf(other)]).toEqual([]);
    const shipped = await call(t.app, 'POST', '/api/order/update/delivery', {
      token: seller, body: [{ orderId: order, deliveryCompany: 'DHL', deliverySn: 'JD1' }, { orderId: other, deliveryCompany: 'UPS', deliverySn: '1Z9' }],
    });
    expect(shipped.body).toMatchObject({ code: 200 });
    const [notice] = await outboxOf(order);
    expect(notice).toMatchObject({ recipient: 'ann@example.com', language: 'en', status: 'queued' });
    expect(notice!.subject).toMatch(/^Your order M\w+ has shipped$/);
    expect(notice!.body).toContain('Carrier: DHL\nTracking number: JD1');
    // No language given reads as English.
    expect((await outboxOf(other))[0]).toMatchObject({ language: 'en', recipient: 'bob@example.com' });
    expect(await messages(order)).toMatchObject([{ kind: 'shipped', deliveryState: 'queued' }]);
  });

  it('shows a failed delivery with the mail server\'s reason, and a buyer without email as not sent', async () => {
    await deliver();
    const order = await place({ email: 'gone@example.com', language: 'en' });
    await call(t.app, 'POST', `/api/order/message/${order}?content=Hello`, { token: seller });
    refusals.push(550);
    expect(await deliver()).toMatchObject({ failed: 1 });
    expect(await messages(order)).toMatchObject([{ deliveryState: 'failed', deliveryError: expect.stringContaining('Mailbox unavailable') }]);

    const silent = await place({ email: null, language: null });
    await call(t.app, 'POST', `/api/order/message/${silent}?content=Hello`, { token: seller });
    expect(await outboxOf(silent)).toEqual([]);
    expect(await messages(silent)).toMatchObject([{ kind: 'message', deliveryState: 'no_address', recipient: null }]);
  });
});
