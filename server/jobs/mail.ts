/**
 * The mail channel: the outbox's messages leave over SMTP through nodemailer, to the server
 * `SMTP_URL` names, from `MAIL_FROM`. One pooled transport per URL is kept for the process (a
 * connection is reused across a run's messages). The message is plain text in UTF-8 and says its
 * language (`Content-Language`), so mail clients pick fonts and spelling for it.
 */
import nodemailer from 'nodemailer';
import type { Transporter } from 'nodemailer';
import type { Config } from '../config';
import type { MailSender } from './outbox';
import { outboxJob } from './outbox';

const transports = new Map<string, Transporter>();

const transportOf = (smtpUrl: string): Transporter => {
  let transport = transports.get(smtpUrl);
  if (!transport) {
    // A pool: several messages of one run share a connection; nodemailer closes idle ones.
    const url = new URL(smtpUrl);
    url.searchParams.set('pool', 'true');
    transport = nodemailer.createTransport(url.toString());
    transports.set(smtpUrl, transport);
  }
  return transport;
};

/** The sender for these settings; null while no SMTP server is named (the messages wait, queued). */
export const smtpSender = (mail: Config['mail']): MailSender | null => {
  if (!mail.smtpUrl) return null;
  const transport = transportOf(mail.smtpUrl);
  return async (message) => {
    await transport.sendMail({
      from: mail.from, to: message.to, subject: message.subject, text: message.text,
      headers: { 'Content-Language': message.language === 'zh' ? 'zh-CN' : 'en' },
    });
  };
};

/** Closes the kept connections (tests, shutdown). */
export const closeMailTransports = (): void => {
  for (const transport of transports.values()) transport.close();
  transports.clear();
};

/** The outbox's job, sending over SMTP as the settings say. */
export const deliverOutbox = outboxJob(({ config }) => smtpSender(config.mail));
