// Protects: logs redact authorization headers, passwords, tokens and secrets, and request ids are sane.
import { Writable } from 'node:stream';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { genReqId, loggerOptions } from '../../server/http/logging';

const capture = () => {
  const lines: string[] = [];
  const stream = new Writable({ write(chunk, _enc, done) { lines.push(String(chunk)); done(); } });
  return { lines, stream };
};

describe('logging', () => {
  it('redacts authorization headers, passwords, tokens and secrets', () => {
    const options = loggerOptions({ logLevel: 'info' });
    if (!options || typeof options !== 'object' || !('redact' in options)) throw new Error('expected pino options with redact');
    const { lines, stream } = capture();
    const logger = pino({ level: 'info', redact: options.redact as pino.LoggerOptions['redact'] }, stream);
    logger.info({
      req: { headers: { authorization: 'Bearer eyJ.secret.token', cookie: 'sid=1' } },
      body: { username: 'admin', password: 'pa55-word', newPassword: 'n3w', oldPassword: '0ld' },
      token: 'tok-123', config: { jwtSecret: 'jwt-s3cret' }, password: 'top-level',
    }, 'something happened');
    const out = lines.join('');
    for (const secret of ['eyJ.secret.token', 'sid=1', 'pa55-word', 'n3w', '0ld', 'tok-123', 'jwt-s3cret', 'top-level']) {
      expect(out).not.toContain(secret);
    }
    expect(out).toContain('[redacted]');
    expect(out).toContain('"username":"admin"');
  });

  it('keeps a sane incoming x-request-id, replaces anything else', () => {
    const req = (value?: string) => ({ headers: value === undefined ? {} : { 'x-request-id': value } }) as never;
    expect(genReqId(req('trace-42'))).toBe('trace-42');
    expect(genReqId(req('a b'))).toMatch(/^[0-9a-f-]{36}$/);
    expect(genReqId(req('x'.repeat(200)))).toMatch(/^[0-9a-f-]{36}$/);
    expect(genReqId(req())).toMatch(/^[0-9a-f-]{36}$/);
  });
});
