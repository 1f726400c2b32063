/**
 * Reads wait their turn; writes never wait for them. At most `limit` API reads (GET and HEAD under
 * the gated prefixes: the admin's API, the shop fronts) run at once, the rest start in arrival order
 * as those end; every other request starts at once.
 *
 * Why: a request is a chain of database round trips, and each answer waits on the one event loop
 * (and for a pooled connection) behind every other request in flight. With many readers busy, a
 * write of eight statements queued eight times behind them: a person pressing Ship waited longer
 * than any list took to load. Bounding the reads in flight bounds that queue; the reads lose little
 * on the whole (the machine serves as many per second, they wait once at the door instead of at each
 * statement), and the pool always has connections left for writes. `limit` 0 turns the gate off.
 *
 * One gate may guard several Fastify instances of a process (they share the event loop and the
 * pool): `register` it on each.
 */
import type { FastifyInstance } from 'fastify';

const READS = new Set(['GET', 'HEAD']);

export type ReadGateStats = { readonly running: number; readonly waiting: number };

export type ReadGate = {
  /** Guards `app`'s reads whose URL starts with one of `prefixes`. */
  readonly register: (app: FastifyInstance, prefixes: readonly string[]) => void;
  readonly stats: () => ReadGateStats;
};

export const createReadGate = (limit: number): ReadGate => {
  let running = 0;
  const waiting: (() => void)[] = [];
  return {
    stats: () => ({ running, waiting: waiting.length }),
    register: (app, prefixes) => {
      if (limit <= 0) return;
      app.addHook('onRequest', (request, reply, done) => {
        if (!READS.has(request.method) || !prefixes.some((prefix) => request.url.startsWith(prefix))) { done(); return; }
        let state: 'waiting' | 'running' | 'ended' = 'waiting';
        const start = () => {
          if (state !== 'waiting') return;
          state = 'running';
          running += 1;
          done();
        };
        // 'close' comes once per response: sent, failed, or its client gone (then a waiting read never starts).
        reply.raw.once('close', () => {
          if (state === 'running') {
            running -= 1;
            waiting.shift()?.();
          } else if (state === 'waiting') {
            const at = waiting.indexOf(start);
            if (at >= 0) waiting.splice(at, 1);
          }
          state = 'ended';
        });
        if (running < limit) start();
        else waiting.push(start);
      });
    },
  };
};
