// Protects: the list-order cache stays bounded (entries and bytes, least recently used out first, a list in use kept), answers an entry only under the version it was filled at, and shares one fill among concurrent requests (at most FILLS_AT_ONCE different fills at a time); PostgreSQL's id arrays are read exactly; a cached value (the order counts) is recomputed after any write and kept per database.
import { afterEach, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { cachedIds, cachedValue, cachedValueAt, fillOnce, FILLS_AT_ONCE, lastIds, LIST_CACHE_LIMITS, listCacheStats, mergeIds, parseIdArray, storeIds } from '../../server/crud/list-cache';
import type { AnyKysely } from '../../server/db/index';
import { createDb } from '../../server/db/index';

// The cache is keyed by the database object and never calls it in these functions.
const fakeDb = () => ({}) as unknown as AnyKysely;
const ids = (n: number) => Int32Array.from({ length: n }, (_, i) => i + 1);
const limits = { ...LIST_CACHE_LIMITS };

describe('list-order cache', () => {
  afterEach(() => { Object.assign(LIST_CACHE_LIMITS, limits); });

  it('answers an entry only under its version, and drops it otherwise', () => {
    const db = fakeDb();
    storeIds(db, 'k', '1', ids(3));
    expect([...cachedIds(db, 'k', '1')!]).toEqual([1, 2, 3]);
    expect(cachedIds(db, 'k', '2')).toBeUndefined();
    expect(cachedIds(db, 'k', '1')).toBeUndefined();
    expect(listCacheStats(db).entries).toBe(0);
    expect(listCacheStats(db).bytes).toBe(0);
  });

  it('holds at most its number of entries, the least recently used going first', () => {
    const db = fakeDb();
    LIST_CACHE_LIMITS.entries = 3;
    for (const key of ['a', 'b', 'c']) storeIds(db, key, '1', ids(1));
    expect(lastIds(db, 'a')).toBeDefined(); // used: 'b' is now the oldest
    storeIds(db, 'd', '1', ids(1));
    expect(listCacheStats(db).entries).toBe(3);
    expect(cachedIds(db, 'b', '1')).toBeUndefined();
    expect(cachedIds(db, 'a', '1')).toBeDefined();
  });

  it('holds at most its bytes, and never an entry larger than all of them', () => {
    const db = fakeDb();
    LIST_CACHE_LIMITS.bytes = 10_000;
    for (let i = 0; i < 10; i += 1) storeIds(db, `k${i}`, '1', ids(1000)); // 4,000 bytes of ids each
    expect(listCacheStats(db).bytes).toBeLessThanOrEqual(10_000);
    expect(listCacheStats(db).entries).toBe(2);
    expect(cachedIds(db, 'k9', '1')).toBeDefined();
    storeIds(db, 'huge', '1', ids(5000));
    expect(cachedIds(db, 'huge', '1')).toBeUndefined();
    expect(listCacheStats(db).bytes).toBeLessThanOrEqual(10_000);
  });

  it('runs at most FILLS_AT_ONCE fills of different lists at a time, and every one of them', async () => {
    const db = fakeDb();
    let running = 0;
    let most = 0;
    const fill = (n: number) => async () => {
      running += 1;
      most = Math.max(most, running);
      await new Promise((resolve) => setTimeout(resolve, 2));
      running -= 1;
      return ids(n);
    };
    const answers = await Promise.all(Array.from({ length: 7 }, (_, i) => fillOnce(db, `list ${i}`, '1', fill(i + 1))));
    expect(most).toBe(FILLS_AT_ONCE);
    expect(answers.map((a) => a?.length)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    // A failed fill gives its turn back.
    await expect(fillOnce(db, 'broken', '1', async () => { throw new Error('no'); })).rejects.toThrow('no');
    expect((await fillOnce(db, 'after', '1', fill(3)))?.length).toBe(3);
  });

  it('reads PostgreSQL\'s int array text exactly', () => {
    expect([...parseIdArray('{}')]).toEqual([]);
    expect([...parseIdArray('{7}')]).toEqual([7]);
    expect([...parseIdArray('{3,1,2147483647,-5,0}')]).toEqual([3, 1, 2147483647, -5, 0]);
    const many = Array.from({ length: 1000 }, (_, i) => (i * 7919) % 100_003);
    expect([...parseIdArray(`{${many.join(',')}}`)]).toEqual(many);
  });

  it('runs one fill for concurrent requests of one list and version', async () => {
    const db = fakeDb();
    let fills = 0;
    const fill = async () => { fills += 1; await Promise.resolve(); return ids(2); };
    const [a, b] = await Promise.all([fillOnce(db, 'k', '1', fill), fillOnce(db, 'k', '1', fill)]);
    expect(fills).toBe(1);
    expect(a).toBe(b);
    expect([...cachedIds(db, 'k', '1')!]).toEqual([1, 2]);
    await fillOnce(db, 'k', '2', fill);
    expect(fills).toBe(2);
  });

  it('computes a value once for requests that miss together, and again after a failed computation', async () => {
    const db = fakeDb();
    let computed = 0;
    const slow = (value: number) => async () => { computed += 1; await new Promise((resolve) => setTimeout(resolve, 5)); return value; };
    const together = await Promise.all([1, 2, 3].map(() => cachedValueAt(db, 't', 'sum', 'v1', slow(7))));
    expect(together).toEqual([7, 7, 7]);
    expect(computed).toBe(1);
    expect(await cachedValueAt(db, 't', 'sum', 'v1', slow(8))).toBe(7);
    expect(computed).toBe(1);
    // Another version computes anew; a failure reaches every request waiting on it and is not kept.
    const failing = async () => { computed += 1; await Promise.resolve(); throw new Error('database gone'); };
    const failed = await Promise.allSettled([cachedValueAt(db, 't', 'sum', 'v2', failing), cachedValueAt(db, 't', 'sum', 'v2', failing)]);
    expect(failed.map((r) => r.status)).toEqual(['rejected', 'rejected']);
    expect(computed).toBe(2);
    expect(await cachedValueAt(db, 't', 'sum', 'v2', slow(9))).toBe(9);
    expect(computed).toBe(3);
  });

  it('keeps a computed value while the table is unchanged, recomputes it after a write, and keeps it per database (SQLite)', async () => {
    const memory = () => createDb({ database: { dialect: 'sqlite', filename: ':memory:' } }) as unknown as AnyKysely;
    const [one, two] = [memory(), memory()];
    try {
      for (const db of [one, two]) await sql`create table t (id integer primary key, n integer)`.execute(db);
      let computed = 0;
      const count = (db: AnyKysely) => cachedValue(db, db, 't', 'count', async () => {
        computed += 1;
        return Number((await sql<{ n: number }>`select count(*) as n from t`.execute(db)).rows[0]!.n);
      });
      await sql`insert into t (n) values (1)`.execute(one);
      expect([await count(one), await count(one), computed]).toEqual([1, 1, 1]);
      await sql`insert into t (n) values (2)`.execute(one);
      expect([await count(one), computed]).toEqual([2, 2]);
      // Another database (same version numbers possible) never answers the first one's value.
      expect([await count(two), computed]).toEqual([0, 3]);
    } finally {
      await Promise.all([one.destroy(), two.destroy()]);
    }
  });

  it('merges a kept list in id order with the rows written since: the changed ones out, the matching ones in their places', () => {
    const kept = Int32Array.from([9, 7, 5, 3, 1]);
    // 7 changed and no longer matches, 5 changed and still matches, 8 and 10 are new matches, 4 new and not matching.
    expect([...mergeIds(kept, new Set([7, 5, 8, 10, 4]), [5, 10, 8], 'desc')]).toEqual([10, 9, 8, 5, 3, 1]);
    expect([...mergeIds(Int32Array.from([1, 3, 5]), new Set([3, 6, 0]), [6, 0, 6], 'asc')]).toEqual([0, 1, 5, 6]);
    expect([...mergeIds(new Int32Array(0), new Set([2]), [2], 'desc')]).toEqual([2]);
    expect([...mergeIds(kept, new Set(), [], 'desc')]).toEqual([...kept]);
  });
});
