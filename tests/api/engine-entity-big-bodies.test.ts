// Protects: absurdly shaped bodies are refused early with a short too_many_fields answer, and error lists are capped at 20 with a total.
/**
 * Small answers to big bodies: a body of absurd shape (tens of thousands of keys or array items)
 * is refused before validation with a short `too_many_fields` answer, and any answer lists at
 * most 20 field errors plus their total (`errorCount`). If this fails, a 1 MB body of unknown
 * keys gets a multi-megabyte answer and stalls the server for seconds.
 */
import { describe, expect, it } from 'vitest';
import { entityList } from '../../src/schema/entities';
import { call } from '../helpers/api';
import { API, hasRoute, routeOf, snapshotData, urlOf } from '../helpers/entity-bodies';
import { apiSuite } from '../helpers/api-suite';
import { testDialects } from '../helpers/test-db';

const JSON_TYPE = { 'content-type': 'application/json' };
/** Loose: the refusal is one walk of the parsed body; seconds would mean it was validated. */
const ANSWER_MS = 1_500;

const manyKeys = (count: number, value: unknown = 0): Record<string, unknown> =>
  Object.fromEntries(Array.from({ length: count }, (_v, i) => [`k${i}`, value]));

describe.each(testDialects())('big bodies (%s)', (dialect) => {
  const suite = apiSuite(dialect);

  const timed = async (url: string, body: string, headers: Record<string, string> = JSON_TYPE) => {
    const started = performance.now();
    const answer = await call(suite.app, 'POST', url, { token: suite.token, body, headers });
    return { answer, ms: performance.now() - started };
  };

  for (const entity of entityList.filter(hasRoute('create'))) {
    it(`POST ${entity.path}/create: 60,000 unknown keys in 1 MB get a short too_many_fields answer, quickly, nothing stored`, async () => {
      const before = await snapshotData(suite.db, entityList);
      const body = JSON.stringify(manyKeys(60_000));
      expect(body.length).toBeGreaterThan(600_000);
      const { answer, ms } = await timed(urlOf(routeOf(entity, 'create')!), body);
      expect(answer.status).toBe(400);
      expect(answer.body.messageKey).toBe('too_many_fields');
      expect(answer.raw.length).toBeLessThan(1_000);
      expect(ms, `${ms} ms`).toBeLessThan(ANSWER_MS);
      expect(await snapshotData(suite.db, entityList)).toEqual(before);
    });
  }

  it('a body under the cap with 1,500 unknown keys lists the first 20 field errors and the total', async () => {
    const { answer, ms } = await timed(`${API}/brand/create`, JSON.stringify(manyKeys(1_500)));
    expect(answer.status).toBe(400);
    expect(answer.body.messageKey).toBe('validation_failed');
    expect(answer.body.errors).toHaveLength(20);
    expect(answer.body.errorCount).toBeGreaterThanOrEqual(1_500);
    expect(answer.raw.length).toBeLessThan(5_000);
    expect(ms, `${ms} ms`).toBeLessThan(ANSWER_MS);
  });

  it('a few errors are listed in full, without a count', async () => {
    const answer = await call(suite.app, 'POST', `${API}/brand/create`, { token: suite.token, body: JSON.stringify(manyKeys(3)), headers: JSON_TYPE });
    expect(answer.status).toBe(400);
    expect(answer.body.errors!.length).toBeGreaterThanOrEqual(3);
    expect(answer.body.errors!.length).toBeLessThanOrEqual(20);
    expect(answer.body.errorCount).toBeUndefined();
  });

  it('nested bulk counts too: a json field of 100,000 bad items is refused before validation', async () => {
    const body = JSON.stringify({ name: 'Deep', productAttributeIdList: Array.from({ length: 100_000 }, () => 'x') });
    const { answer, ms } = await timed(`${API}/productCategory/create`, body);
    expect(answer.status).toBe(400);
    expect(answer.body.messageKey).toBe('too_many_fields');
    expect(ms, `${ms} ms`).toBeLessThan(ANSWER_MS);
  });

  it('form bodies too: 30,000 form fields on a batch endpoint', async () => {
    const form = new URLSearchParams(Array.from({ length: 30_000 }, (_v, i) => [`f${i}`, '1'])).toString();
    const { answer, ms } = await timed(`${API}/brand/update/showStatus`, form, { 'content-type': 'application/x-www-form-urlencoded' });
    expect(answer.status).toBe(400);
    expect(answer.body.messageKey).toBe('too_many_fields');
    expect(answer.raw.length).toBeLessThan(1_000);
    expect(ms, `${ms} ms`).toBeLessThan(ANSWER_MS);
  });
});
