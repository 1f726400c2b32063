// Protects: the read gate (server/http/read-gate.ts) over real HTTP: API reads beyond the limit wait
// their turn in arrival order, writes and pages outside the API never wait, a read whose client left
// while waiting never runs, and every slot comes back.
import Fastify from 'fastify';
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { createReadGate } from '../../server/http/read-gate';

type Held = { name: string; release: () => void };

/** A server whose handlers stay open until the test releases them; `started` lists them as they begin. */
const gatedServer = async (limit: number) => {
  const app: FastifyInstance = Fastify({ logger: false, forceCloseConnections: true });
  const gate = createReadGate(limit);
  gate.register(app, ['/api/', '/portal/']);
  const { stats } = gate;
  const started: Held[] = [];
  const hold = (name: string) => new Promise<void>((resolve) => { started.push({ name, release: resolve }); });
  app.get('/api/read/:name', async (request) => { await hold((request.params as { name: string }).name); return { ok: true }; });
  app.post('/api/write/:name', async (request) => { await hold((request.params as { name: string }).name); return { ok: true }; });
  app.get('/assets/:name', async (request) => { await hold((request.params as { name: string }).name); return 'file'; });
  const base = await app.listen({ port: 0, host: '127.0.0.1' });
  const names = () => started.map((held) => held.name);
  const release = (name: string) => started.find((held) => held.name === name)!.release();
  return { app, base, stats, names, release };
};

let open: FastifyInstance | undefined;
afterEach(async () => { await open?.close(); open = undefined; });

describe('the read gate', () => {
  it('lets `limit` reads run, starts the next in arrival order as one ends, and never holds a write or a page', async () => {
    const server = await gatedServer(2);
    open = server.app;
    const answers = ['a', 'b', 'c', 'd'].map((name) => fetch(`${server.base}/api/read/${name}`));
    await expect.poll(() => server.names()).toEqual(['a', 'b']);
    expect(server.stats()).toEqual({ running: 2, waiting: 2 });
    // A write, an asset: at once, with the reads still full.
    const write = fetch(`${server.base}/api/write/w`, { method: 'POST' });
    const asset = fetch(`${server.base}/assets/x`);
    await expect.poll(() => server.names()).toEqual(expect.arrayContaining(['w', 'x']));
    expect(server.names().filter((name) => ['c', 'd'].includes(name))).toEqual([]);
    server.release('b');
    await expect.poll(() => server.names().filter((name) => ['c', 'd'].includes(name))).toEqual(['c']);
    server.release('a');
    await expect.poll(() => server.names()).toContain('d');
    for (const name of ['c', 'd', 'w', 'x']) server.release(name);
    const statuses = await Promise.all([...answers, write, asset].map(async (answer) => (await answer).status));
    expect(statuses).toEqual([200, 200, 200, 200, 200, 200]);
    await expect.poll(() => server.stats()).toEqual({ running: 0, waiting: 0 });
  });

  it('drops a waiting read whose client has gone, and gives back the slot of one that leaves while running', async () => {
    const server = await gatedServer(1);
    open = server.app;
    const running = new AbortController();
    const first = fetch(`${server.base}/api/read/first`, { signal: running.signal }).catch(() => null);
    await expect.poll(() => server.names()).toEqual(['first']);
    const gone = new AbortController();
    const waiting = fetch(`${server.base}/api/read/gone`, { signal: gone.signal }).catch(() => null);
    await expect.poll(() => server.stats().waiting).toBe(1);
    gone.abort();
    await waiting;
    await expect.poll(() => server.stats().waiting).toBe(0);
    // The running read's client leaves: its slot is free for the next read, though its handler still runs.
    running.abort();
    await first;
    const next = fetch(`${server.base}/api/read/next`);
    await expect.poll(() => server.names()).toEqual(['first', 'next']);
    server.release('next');
    expect((await next).status).toBe(200);
    server.release('first');
    expect(server.names()).not.toContain('gone');
  });

  it('is off at limit 0', async () => {
    const server = await gatedServer(0);
    open = server.app;
    const answers = ['a', 'b', 'c'].map((name) => fetch(`${server.base}/api/read/${name}`));
    await expect.poll(() => server.names()).toEqual(['a', 'b', 'c']);
    for (const name of ['a', 'b', 'c']) server.release(name);
    expect((await Promise.all(answers)).map((answer) => answer.status)).toEqual([200, 200, 200]);
  });
});
