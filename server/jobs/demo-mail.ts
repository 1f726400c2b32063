/**
 * The demo's inbox: a real SMTP server (smtp-server) inside the app, on a free local port, that
 * keeps the last messages it received in memory and shows them at `/demo-mail` (newest first;
 * `/demo-mail/messages` answers them as JSON). `npm start --demo` points the mail channel at it
 * while SMTP_URL is unset, so the outbox, the job and nodemailer run exactly as with a real server,
 * and nothing leaves the machine. It forgets its messages on restart.
 *
 * It reads only what our channel writes: one text/plain part, headers in RFC 2047 encoded words,
 * the body in base64, quoted-printable or 7/8 bit.
 */
import type { FastifyInstance } from 'fastify';
import { SMTPServer } from 'smtp-server';

export type DemoMail = {
  readonly id: number; readonly time: string; readonly from: string; readonly to: readonly string[];
  readonly subject: string; readonly language: string | null; readonly text: string;
};

export type DemoInbox = {
  /** The SMTP URL the mail channel sends to. */
  readonly smtpUrl: string;
  /** Received messages, oldest first. */
  readonly messages: () => readonly DemoMail[];
  readonly close: () => Promise<void>;
};

/** Messages the inbox keeps; older ones drop out. */
const KEEP = 200;

const decodeWords = (value: string): string =>
  value.replace(/=\?([^?]+)\?([BbQq])\?([^?]*)\?=(\s+(?==\?))?/g, (_m, _charset: string, encoding: string, data: string) => (encoding.toUpperCase() === 'B'
    ? Buffer.from(data, 'base64').toString('utf8')
    : Buffer.from(data.replace(/_/g, ' ').replace(/=([0-9A-Fa-f]{2})/g, (_h, hex: string) => String.fromCharCode(parseInt(hex, 16))), 'latin1').toString('utf8')));

const decodeBody = (body: string, encoding: string): string => {
  if (encoding === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (encoding === 'quoted-printable') {
    const bytes = body.replace(/=\r?\n/g, '').replace(/=([0-9A-Fa-f]{2})/g, (_h, hex: string) => String.fromCharCode(parseInt(hex, 16)));
    return Buffer.from(bytes, 'latin1').toString('utf8');
  }
  return body;
};

/** Headers (unfolded, lower-case names) and the decoded text of a single-part message. */
export const readMail = (raw: string): { headers: Map<string, string>; text: string } => {
  const split = raw.search(/\r?\n\r?\n/);
  const head = split < 0 ? raw : raw.slice(0, split);
  const body = split < 0 ? '' : raw.slice(split).replace(/^\r?\n\r?\n/, '');
  const headers = new Map<string, string>();
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), decodeWords(line.slice(colon + 1).trim()));
  }
  const encoding = (headers.get('content-transfer-encoding') ?? '7bit').toLowerCase();
  return { headers, text: decodeBody(body, encoding).replace(/\r\n/g, '\n').trimEnd() };
};

/** Starts the inbox on 127.0.0.1 and a free port. */
export const startDemoInbox = async (): Promise<DemoInbox> => {
  const received: DemoMail[] = [];
  let serial = 0;
  const server = new SMTPServer({
    // Local and for the demo only: no TLS to negotiate, no account to sign in with.
    disabledCommands: ['STARTTLS', 'AUTH'],
    authOptional: true,
    logger: false,
    size: 1024 * 1024,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const { headers, text } = readMail(Buffer.concat(chunks).toString('utf8'));
        serial += 1;
        received.push({
          id: serial, time: new Date().toISOString(),
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          subject: headers.get('subject') ?? '', language: headers.get('content-language') ?? null, text,
        });
        if (received.length > KEEP) received.splice(0, received.length - KEEP);
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const address = server.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    smtpUrl: `smtp://127.0.0.1:${port}`,
    messages: () => received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
};

const escapeHtml = (text: string): string =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/**
 * `/demo-mail`: the inbox's page, saying in both languages that it is a stand-in (it is opened
 * from anywhere, without the admin's language); `/demo-mail/messages`: the same as JSON.
 */
export const demoMailRoutes = (app: FastifyInstance, inbox: DemoInbox): void => {
  app.get('/demo-mail/messages', async () => ({ messages: [...inbox.messages()].reverse() }));
  app.get('/demo-mail', async (_request, reply) => {
    const items = [...inbox.messages()].reverse().map((m) => `<article lang="${m.language === 'zh-CN' ? 'zh' : 'en'}">
<h2>${escapeHtml(m.subject)}</h2>
<p class="meta">${escapeHtml(m.time)} · ${escapeHtml(m.from)} → ${escapeHtml(m.to.join(', '))}</p>
<pre>${escapeHtml(m.text)}</pre></article>`).join('\n');
    return reply.type('text/html').send(`<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Demo inbox</title><style>body{font:16px/1.5 system-ui,sans-serif;max-width:44rem;margin:2rem auto;padding:0 1rem}
article{border-top:1px solid #ccc;padding:.5rem 0}.meta{color:#555;font-size:.875rem}pre{white-space:pre-wrap;font:inherit}.note{background:#fff4ce;padding:.5rem}</style></head><body>
<h1>Demo inbox <span lang="zh">演示收件箱</span></h1>
<p class="note" role="note">Every mail the demo sends arrives here, through a real SMTP conversation; nothing leaves this machine. Set SMTP_URL to send real mail.
<span lang="zh">演示发送的每封邮件都通过真实的 SMTP 会话送到这里，不会发出本机。设置 SMTP_URL 即可发送真实邮件。</span></p>
${items || '<p>No mail yet. <span lang="zh">暂无邮件。</span></p>'}
</body></html>`);
  });
};
