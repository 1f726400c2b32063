/**
 * The outbox: every message the system sends is a row of `sys_outbox`, written by `enqueueMail`
 * with the database handle of the change that caused it (a transaction), so a message exists
 * exactly when its change was committed. The `deliver-outbox` job sends what is due:
 *
 * - each row is claimed by one conditional UPDATE (`queued` and due, or `sending` with a lease
 *   that ran out), atomic on both dialects, so of two runners, two processes or two overlapping
 *   runs exactly one sends it;
 * - a refused or failed attempt is retried with back-off (`retryDelaySeconds`) up to
 *   `MAIL_MAX_ATTEMPTS`; a permanent refusal (an SMTP 5xx answer: no such mailbox) fails it at once.
 *   Either way the server's answer is kept (`last_error`) for the screens;
 * - a process that dies between sending and recording leaves a `sending` row whose lease runs
 *   out; it is sent again then. Delivery is at least once in that case, exactly once otherwise.
 *
 * Engines know no area: areas bring their templates (`defineMailTemplates`, English and Chinese)
 * and call `enqueueMail`; the channel (server/jobs/mail.ts) knows nothing of what it carries.
 */
import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import type { MessageParams } from '../../src/schema/engine/texts';
import { fillMessage } from '../../src/schema/engine/texts';
import type { Database } from '../db/schema';
import { toDbTime } from '../db/time';
import type { JobContext } from './runner';
import { defineJob } from './runner';

/** The languages a message is written in: the admin's two. */
export const MAIL_LANGUAGES = ['en', 'zh'] as const;
export type MailLanguage = (typeof MAIL_LANGUAGES)[number];

/** A language as stored on a recipient; anything unknown reads as English. */
export const mailLanguageOf = (value: unknown): MailLanguage => (value === 'zh' ? 'zh' : 'en');

/** A message's subject and plain text, with `{name}` placeholders. */
export type MailText = { readonly subject: string; readonly text: string };
/** One message in every language: a template missing a language does not compile. */
export type MailTemplate = Readonly<Record<MailLanguage, MailText>>;

/** An area's templates by name (server/areas/<area>/mail.ts). */
export const defineMailTemplates = <const T extends Readonly<Record<string, MailTemplate>>>(templates: T): T => templates;

/** The template in the language, its placeholders filled. */
export const renderMail = (template: MailTemplate, language: MailLanguage, params: MessageParams = {}): MailText => ({
  subject: fillMessage(template[language].subject, params),
  text: fillMessage(template[language].text, params),
});

/** What a message is about, so a screen lists a record's messages: `{ name: 'order', id }`. */
export type MailTopic = { readonly name: string; readonly id: number };

export type MailToSend = {
  /** The recipient's address. */
  readonly to: string;
  readonly language: MailLanguage;
  readonly template: MailTemplate;
  readonly params?: MessageParams;
  readonly topic?: MailTopic;
  /** The shop it concerns (the shop scope of whoever lists it). */
  readonly shopId?: number | null;
};

export type OutboxStatus = 'queued' | 'sending' | 'sent' | 'failed';

/** Attempts before a message is failed for good (about a day of back-off in all). */
export const MAIL_MAX_ATTEMPTS = 8;
/** Messages one run sends at most; the rest wait for the next run. */
export const OUTBOX_BATCH = 50;
/** How long a claimed message may take before another runner may assume its sender died. */
export const OUTBOX_LEASE_SECONDS = 120;
const ERROR_MAX = 1000;

/** The wait after the n-th failed attempt: 30 s, 1, 2, 4 … minutes, at most 6 hours. */
export const retryDelaySeconds = (attempts: number): number => Math.min(6 * 3600, 30 * 2 ** Math.max(0, attempts - 1));

/**
 * Writes a message into the outbox through `db`: hand it the transaction of the change the message
 * tells about, so both are committed together or not at all. Answers the outbox row's id.
 * Exported for every area (a buyer's password change in the portal included): render nothing
 * yourself, send nothing yourself.
 */
export const enqueueMail = async (db: Kysely<Database>, mail: MailToSend): Promise<number> => {
  const { subject, text } = renderMail(mail.template, mail.language, mail.params);
  const now = toDbTime();
  const { id } = await db.insertInto('sys_outbox').values({
    channel: 'email', recipient: mail.to, language: mail.language, subject, body: text,
    topic: mail.topic?.name ?? null, topic_id: mail.topic?.id ?? null, shop_id: mail.shopId ?? null,
    status: 'queued', attempts: 0, next_attempt_time: now, create_time: now,
  }).returning('id').executeTakeFirstOrThrow();
  return Number(id);
};

/** One message as the channel gets it. */
export type OutgoingMail = { readonly id: number; readonly to: string; readonly language: MailLanguage; readonly subject: string; readonly text: string };

/** Sends one message; throws when it was not accepted (an SMTP error carries `responseCode`). */
export type MailSender = (mail: OutgoingMail) => Promise<void>;

/** An SMTP 5xx answer: the server will never take this message (no such mailbox, refused sender). */
const isPermanent = (error: unknown): boolean => {
  const code = (error as { responseCode?: unknown } | null)?.responseCode;
  return typeof code === 'number' && code >= 500 && code < 600;
};

const describe = (error: unknown): string =>
  (error instanceof Error ? error.message : String(error)).replace(/\s+/g, ' ').trim().slice(0, ERROR_MAX) || 'unknown error';

export type DeliveryOutcome = { sent: number; retrying: number; failed: number; skipped: number };

/**
 * Sends what is due at `now`, oldest first, each message after claiming it; answers what became
 * of them (`skipped`: claimed by another runner first).
 */
export const deliverDue = async (db: Kysely<Database>, send: MailSender, now: Date, owner: string = randomUUID()): Promise<DeliveryOutcome> => {
  const nowText = toDbTime(now);
  const due = await db.selectFrom('sys_outbox').select('id')
    .where((eb) => eb.or([
      eb.and([eb('status', '=', 'queued'), eb('next_attempt_time', '<=', nowText)]),
      eb.and([eb('status', '=', 'sending'), eb('lease_until', '<=', nowText)]),
    ]))
    .orderBy('next_attempt_time').orderBy('id').limit(OUTBOX_BATCH).execute();
  const outcome: DeliveryOutcome = { sent: 0, retrying: 0, failed: 0, skipped: 0 };
  for (const { id } of due) {
    // The claim: one statement that only one runner's can change the row.
    const claimed = await db.updateTable('sys_outbox')
      .set({ status: 'sending', lease_owner: owner, lease_until: toDbTime(new Date(now.getTime() + OUTBOX_LEASE_SECONDS * 1000)), attempts: sql<number>`attempts + 1` })
      .where('id', '=', id)
      .where((eb) => eb.or([
        eb.and([eb('status', '=', 'queued'), eb('next_attempt_time', '<=', nowText)]),
        eb.and([eb('status', '=', 'sending'), eb('lease_until', '<=', nowText)]),
      ]))
      .returning(['recipient', 'language', 'subject', 'body', 'attempts'])
      .executeTakeFirst();
    if (!claimed) {
      outcome.skipped += 1;
      continue;
    }
    try {
      await send({ id: Number(id), to: claimed.recipient, language: mailLanguageOf(claimed.language), subject: claimed.subject, text: claimed.body });
      await db.updateTable('sys_outbox').set({ status: 'sent', sent_time: toDbTime(now), lease_owner: null, lease_until: null })
        .where('id', '=', id).where('lease_owner', '=', owner).execute();
      outcome.sent += 1;
    } catch (error) {
      const attempts = Number(claimed.attempts);
      const final = isPermanent(error) || attempts >= MAIL_MAX_ATTEMPTS;
      await db.updateTable('sys_outbox').set({
        status: final ? 'failed' : 'queued', last_error: describe(error), lease_owner: null, lease_until: null,
        next_attempt_time: toDbTime(new Date(now.getTime() + retryDelaySeconds(attempts) * 1000)),
      }).where('id', '=', id).where('lease_owner', '=', owner).execute();
      if (final) outcome.failed += 1; else outcome.retrying += 1;
    }
  }
  return outcome;
};

/** The job's sender: made from the settings by the channel (server/jobs/mail.ts), null while no server is named. */
export type SenderOf = (ctx: JobContext) => MailSender | null;

/** The job that delivers the outbox, every 10 seconds (a shipped order's mail leaves within seconds). */
export const outboxJob = (senderOf: SenderOf) => defineJob({
  name: 'deliver-outbox',
  everySeconds: 10,
  leaseSeconds: OUTBOX_LEASE_SECONDS * 2,
  run: async (ctx) => {
    const send = senderOf(ctx);
    if (!send) return 'no SMTP_URL: messages stay queued';
    const { sent, retrying, failed, skipped } = await deliverDue(ctx.db, send, ctx.now);
    if (failed) ctx.log.warn({ failed }, 'outbox: messages failed for good');
    return `sent ${sent}, retrying ${retrying}, failed ${failed}${skipped ? `, ${skipped} taken by another runner` : ''}`;
  },
});
