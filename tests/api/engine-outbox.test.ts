// Protects: the outbox and the mail channel (server/jobs/outbox.ts, server/jobs/mail.ts) through a real SMTP conversation
// with a local smtp-server: a message is written only with the transaction that caused it, arrives with its subject, text,
// sender and language (Chinese included); a refused delivery (SMTP 451) is retried after its back-off and not before; a
// permanent refusal (550) fails it with the server's reason; two runners on two connections send each message once.
// On SQLite and PostgreSQL.
import type { Kysely } from 'kysely';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createDb } from '../../server/db/index';
import type { Database } from '../../server/db/schema';
import { readMail } from '../../server/jobs/demo-mail';
import { closeMailTransports, deliverOutbox, smtpSender } from '../../server/jobs/mail';
import type { MailSender } from '../../server/jobs/outbox';
import { defineMailTemplates, deliverDue, enqueueMail, retryDelaySeconds } from '../../server/jobs/outbox';
import type { JobLogger } from '../../server/jobs/runner';
import { createJobRunner } from '../../server/jobs/runner';
import type { TestApp } from '../helpers/test-db';
import { createTestApp, testDialects } from '../helpers/test-db';

const quiet: JobLogger = { info: () => undefined, warn: () => undefined, error: () => undefined } as never;

const TEMPLATES = defineMailTemplates({
  hello: {
    en: { subject: 'Order {orderSn} shipped', text: 'Hello {name},\nyour order {orderSn} is on its way.' },
    zh: { subject: '订单 {orderSn} 已发货', text: '{name}，您好：\n您的订单 {orderSn} 已发货。' },
  },
});

type Received = { to: string[]; subject: string; language: string | null; text: string; from: string };

/** A local SMTP server: what it received, and a refusal to give for the next recipients. */
const startSmtp = async () => {
  const received: Received[] = [];
  const refusals: { code: number; message: string }[] = [];
  const server = new SMTPServer({
    disabledCommands: ['STARTTLS', 'AUTH'], authOptional: true, logger: false,
    onRcptTo(_address, _session, callback) {
      const refusal = refusals.shift();
      if (!refusal) { callback(); return; }
      callback(Object.assign(new Error(refusal.message), { responseCode: refusal.code }));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const { headers, text } = readMail(Buffer.concat(chunks).toString('utf8'));
        received.push({
          to: session.envelope.rcptTo.map((r) => r.address), subject: headers.get('subject') ?? '',
          language: headers.get('content-language') ?? null, text, from: headers.get('from') ?? '',
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const address = server.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return { url: `smtp://127.0.0.1:${port}`, received, refusals, close: () => new Promise<void>((r) => server.close(() => r())) };
};

describe.each(testDialects())('outbox and mail channel (%s)', (dialect) => {
  let t: TestApp;
  let otherDb: Kysely<Database>;
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let send: MailSender;
  const mail = () => ({ smtpUrl: smtp.url, from: 'Shop <no-reply@shop.example.com>' });
  let now = new Date('2031-03-01T08:00:00.000Z');

  beforeAll(async () => {
    t = await createTestApp(dialect);
    otherDb = createDb(t.config);
    smtp = await startSmtp();
    send = smtpSender(mail())!;
  });
  afterAll(async () => {
    closeMailTransports();
    await smtp?.close();
    await otherDb?.destroy();
    await t?.close();
  });
  beforeEach(async () => {
    await t.db.deleteFrom('sys_outbox').execute();
    smtp.received.length = 0;
    now = new Date(now.getTime() + 86_400_000);
  });

  const row = (id: number) => t.db.selectFrom('sys_outbox').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const enqueue = (to: string, language: 'en' | 'zh' = 'en', db: Kysely<Database> = t.db) =>
    enqueueMail(db, { to, language, template: TEMPLATES.hello, params: { name: 'Ann', orderSn: 'S-1' }, topic: { name: 'order', id: 7 }, shopId: 1 });

  it('writes a message only with the change that caused it (a rolled-back transaction leaves none)', async () => {
    await expect(t.db.transaction().execute(async (trx) => {
      await enqueue('gone@example.com', 'en', trx);
      throw new Error('the change failed');
    })).rejects.toThrow('the change failed');
    await t.db.transaction().execute(async (trx) => { await enqueue('kept@example.com', 'en', trx); });
    const rows = await t.db.selectFrom('sys_outbox').select(['recipient', 'status', 'topic', 'topic_id']).execute();
    expect(rows).toEqual([{ recipient: 'kept@example.com', status: 'queued', topic: 'order', topic_id: 7 }]);
  });

  it('delivers through SMTP in the recipient\'s language, by the job', async () => {
    const en = await enqueue('ann@example.com', 'en');
    const zh = await enqueue('li@example.cn', 'zh');
    const runner = createJobRunner({ db: t.db, config: { ...t.config, mail: mail() }, jobs: [deliverOutbox], log: quiet, now: () => now });
    expect(await runner.runJobNow('deliver-outbox')).toMatchObject({ ran: true, status: 'ok', message: 'sent 2, retrying 0, failed 0' });
    expect(smtp.received).toEqual([
      { to: ['ann@example.com'], from: 'Shop <no-reply@shop.example.com>', subject: 'Order S-1 shipped', language: 'en', text: 'Hello Ann,\nyour order S-1 is on its way.' },
      { to: ['li@example.cn'], from: 'Shop <no-reply@shop.example.com>', subject: '订单 S-1 已发货', language: 'zh-CN', text: 'Ann，您好：\n您的订单 S-1 已发货。' },
    ]);
    for (const id of [en, zh]) expect(await row(id)).toMatchObject({ status: 'sent', attempts: 1, sent_time: now.toISOString(), last_error: null, lease_owner: null });
    // Sent messages are not sent again.
    expect(await deliverDue(t.db, send, new Date(now.getTime() + 3_600_000))).toEqual({ sent: 0, retrying: 0, failed: 0, skipped: 0 });
  });

  it('keeps messages queued while no SMTP server is named', async () => {
    const id = await enqueue('ann@example.com');
    const runner = createJobRunner({ db: t.db, config: { ...t.config, mail: { smtpUrl: null, from: 'x <x@example.com>' } }, jobs: [deliverOutbox], log: quiet, now: () => now });
    expect(await runner.runJobNow('deliver-outbox')).toMatchObject({ ran: true, status: 'ok', message: 'no SMTP_URL: messages stay queued' });
    expect(await row(id)).toMatchObject({ status: 'queued', attempts: 0 });
  });

  it('retries a refused delivery after its back-off, not before, and keeps the reason meanwhile', async () => {
    const id = await enqueue('busy@example.com');
    smtp.refusals.push({ code: 451, message: 'Mailbox busy, try later' });
    expect(await deliverDue(t.db, send, now)).toMatchObject({ sent: 0, retrying: 1 });
    const waiting = await row(id);
    expect(waiting).toMatchObject({ status: 'queued', attempts: 1, next_attempt_time: new Date(now.getTime() + retryDelaySeconds(1) * 1000).toISOString() });
    expect(waiting.last_error).toContain('Mailbox busy');
    expect(smtp.received).toHaveLength(0);
    expect(await deliverDue(t.db, send, new Date(now.getTime() + (retryDelaySeconds(1) - 1) * 1000))).toMatchObject({ sent: 0, retrying: 0 });
    expect(await deliverDue(t.db, send, new Date(now.getTime() + retryDelaySeconds(1) * 1000))).toMatchObject({ sent: 1 });
    expect(await row(id)).toMatchObject({ status: 'sent', attempts: 2 });
    expect(smtp.received.map((m) => m.to)).toEqual([['busy@example.com']]);
    expect(retryDelaySeconds(2)).toBe(2 * retryDelaySeconds(1));
  });

  it('fails a message the server refuses for good (5xx), with its reason', async () => {
    const id = await enqueue('nobody@example.com');
    smtp.refusals.push({ code: 550, message: 'No such user here' });
    expect(await deliverDue(t.db, send, now)).toMatchObject({ failed: 1 });
    const failed = await row(id);
    expect(failed).toMatchObject({ status: 'failed', attempts: 1 });
    expect(failed.last_error).toContain('No such user here');
    expect(await deliverDue(t.db, send, new Date(now.getTime() + 86_400_000))).toMatchObject({ sent: 0, failed: 0 });
  });

  it('sends each message once when two runners on two connections deliver at the same time', async () => {
    const ids: number[] = [];
    for (let i = 0; i < 12; i += 1) ids.push(await enqueue(`buyer${i}@example.com`));
    const results = await Promise.all([deliverDue(t.db, send, now, 'runner-a'), deliverDue(otherDb, send, now, 'runner-b')]);
    expect(results[0].sent + results[1].sent).toBe(12);
    expect(smtp.received.map((m) => m.to[0]).sort()).toEqual(ids.map((_, i) => `buyer${i}@example.com`).sort());
    const rows = await t.db.selectFrom('sys_outbox').select(['status', 'attempts']).execute();
    expect(rows.every((r) => r.status === 'sent' && Number(r.attempts) === 1)).toBe(true);
    // A message a runner claimed and never finished (it died) is sent by another once its lease runs out.
    const orphan = await enqueue('late@example.com');
    await t.db.updateTable('sys_outbox').set({ status: 'sending', lease_owner: 'dead', lease_until: new Date(now.getTime() + 60_000).toISOString(), attempts: 1 }).where('id', '=', orphan).execute();
    expect(await deliverDue(otherDb, send, now)).toMatchObject({ sent: 0 });
    expect(await deliverDue(otherDb, send, new Date(now.getTime() + 60_000))).toMatchObject({ sent: 1 });
    expect(await row(orphan)).toMatchObject({ status: 'sent', attempts: 2 });
  });
});
