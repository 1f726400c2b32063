/**
 * `npm run bench:serialise` (issue "lists at scale", item 4: "response serialisation through the
 * declared schemas"): what writing a list answer as JSON costs, with V8's JSON.stringify (what the
 * server does) and with fast-json-stringify compiled from the entity's declared record schema
 * (server/openapi/entity-schemas.ts, what Fastify would do with a response schema). The answers are
 * real: a demo database (SQLite, demo catalog), a real server, `GET <list>?pageSize=N` for a few
 * entities with wide records. Each serialiser writes the same object BENCH_ROUNDS times (20,000),
 * alternating, twice; the output of both is checked to hold the same values before anything is timed.
 * Prints µs per answer and bytes, with the load average. No target: the figures decide whether a
 * response schema is worth its risk (a schema that disagrees with a value rewrites or drops it).
 */
import { isDeepStrictEqual } from 'node:util';
import fastJson from 'fast-json-stringify';
import type { Entity } from '../src/schema/engine/entity';
import { ENTITIES } from '../src/schema/entities';
import { endpointOf } from '../src/schema/engine/endpoints';
import type { JsonSchema } from '../server/openapi/entity-schemas';
import { recordSchema } from '../server/openapi/entity-schemas';
import { loadAverage, printTable, startBenchServer } from './setup';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 20_000);
const PAGE_SIZES = [10, 100];
const NAMES = ['order', 'product', 'member', 'returnApply'];

/** A nullable field as fast-json-stringify writes it fast: `type: [t, 'null']` instead of anyOf (which it validates per value). */
const fast = (schema: JsonSchema): JsonSchema => {
  const anyOf = schema.anyOf as JsonSchema[] | undefined;
  if (anyOf?.length === 2 && anyOf[1]?.type === 'null' && typeof anyOf[0]?.type === 'string' && !anyOf[0]?.anyOf) {
    return { type: [anyOf[0].type, 'null'] };
  }
  // Anything richer (lists, objects, unions) goes through JSON.stringify inside the compiled writer.
  // Nullable even where the declaration says required: stored rows hold nulls the record schema
  // does not admit (product.description), which a strict writer would turn into "".
  return typeof schema.type === 'string' && ['string', 'number', 'integer', 'boolean'].includes(schema.type) ? { type: [schema.type, 'null'] } : {};
};

const pageSchema = (entity: Entity): JsonSchema => {
  const record = recordSchema(entity);
  const properties = Object.fromEntries(Object.entries(record.properties as Record<string, JsonSchema>).map(([name, s]) => [name, fast(s)]));
  const int = { type: 'integer' };
  return {
    type: 'object',
    properties: {
      code: int, message: { type: 'string' },
      data: { type: 'object', properties: { pageNum: int, pageSize: int, totalPage: int, total: int, list: { type: 'array', items: { type: 'object', additionalProperties: true, properties } } } },
    },
  };
};

const perCall = (write: (value: unknown) => string, value: unknown): number => {
  const start = performance.now();
  for (let i = 0; i < ROUNDS; i += 1) write(value);
  return ((performance.now() - start) * 1000) / ROUNDS;
};

const main = async (): Promise<void> => {
  process.stdout.write(`bench:serialise: ${ROUNDS} rounds per figure; load average ${loadAverage()}; ${new Date().toISOString()}\n`);
  const server = await startBenchServer('sqlite', 'bench_serialise', async () => {}, { content: true });
  const rows: string[][] = [];
  try {
    for (const name of NAMES) {
      const entity = (ENTITIES as Record<string, Entity>)[name];
      const list = entity && endpointOf(entity, 'list');
      if (!entity || !list) throw new Error(`${name}: no declared list`);
      const writer = fastJson(pageSchema(entity));
      for (const pageSize of PAGE_SIZES) {
        const reply = await server.app.inject({ method: 'GET', url: `/api${list.url}?pageNum=1&pageSize=${pageSize}`, headers: { authorization: server.authorization } });
        const page = reply.json<{ code: number; data: { list: unknown[] } }>();
        if (page.code !== 200) throw new Error(`${list.url}: ${reply.body.slice(0, 300)}`);
        const answer = { code: 200, message: 'OK', data: page.data };
        const plain = JSON.stringify(answer);
        // The same values (the compiled writer puts declared fields first, so the key order differs).
        const written = JSON.parse(writer(answer)) as typeof answer;
        if (!isDeepStrictEqual(written, JSON.parse(plain))) {
          const first = (written.data.list[0] ?? {}) as Record<string, unknown>;
          const want = (JSON.parse(plain) as typeof answer).data.list[0] as Record<string, unknown>;
          const fields = Object.keys(want).filter((key) => !isDeepStrictEqual(first[key], want[key]));
          throw new Error(`${name}: the compiled writer changes ${fields.map((f) => `${f} (${JSON.stringify(want[f])} -> ${JSON.stringify(first[f])})`).join(', ')}`);
        }
        const times = { plain: [] as number[], compiled: [] as number[] };
        for (let round = 0; round < 2; round += 1) {
          times.plain.push(perCall(JSON.stringify, answer));
          times.compiled.push(perCall(writer, answer));
        }
        const plainUs = Math.min(...times.plain);
        const compiledUs = Math.min(...times.compiled);
        rows.push([name, String(page.data.list.length), String(plain.length), plainUs.toFixed(1), compiledUs.toFixed(1), (compiledUs / plainUs).toFixed(2)]);
      }
    }
  } finally {
    await server.close();
  }
  printTable(['list', 'rows', 'bytes', 'JSON.stringify µs', 'declared schema µs', 'ratio'], rows);
  process.stdout.write(`load average after: ${loadAverage()}\n`);
};

main().catch((error: unknown) => {
  process.stderr.write(`bench failed: ${error instanceof Error ? error.stack ?? error.message : String(error)}\n`);
  process.exit(1);
});
