// Protects: the home page's four recommendation lists on mall's wire: create takes an array and forces recommendStatus=1 and sort=0, the name and status filters, sort and status changes, batch delete, a duplicate refused by name in both languages with nothing saved (50 parallel adds of one: exactly one row), a recommended record's delete taking its recommendations with it. SQLite and PostgreSQL.
import { describe, expect, it } from 'vitest';
import type { MessageKey } from '../../src/schema/api';
import type { Entity } from '../../src/schema/engine/entity';
import { errorsZh } from '../../src/i18n/errors';
import { homeBrand, homeNewProduct, homeRecommendProduct, homeRecommendSubject } from '../../src/schema/sms/recommend';
import { apiSuite } from '../helpers/api-suite';
import { entityByName } from '../helpers/entity-bodies';
import { testDialects } from '../helpers/test-db';

type Row = { id: number; recommendStatus: number; sort: number } & Record<string, unknown>;
type Page = { list: Row[]; total: number };

/** Each list with what it recommends, read from its declaration (the picked field and its name field). */
const LISTS = ([homeBrand, homeNewProduct, homeRecommendProduct, homeRecommendSubject] as unknown as Entity[]).map((entity) => {
  const pick = entity.createMany!.pick;
  const name = Object.entries(entity.fields).find(([, decl]) => decl.nameOf === pick)![0];
  const target = entityByName(entity.fields[pick]!.reference!.entity);
  return { entity, pick, name, target, display: entity.fields[pick]!.reference!.display };
});

describe.each(testDialects())('home recommendations (%s)', (dialect) => {
  const s = apiSuite(dialect);
  const api = (entity: Entity, suffix: string) => `/api${entity.path}${suffix}`;
  const list = async (entity: Entity, query = '') => {
    const answer = await s.get<Page>(api(entity, `/list?pageSize=100${query}`));
    expect(answer.status, answer.raw).toBe(200);
    return answer.body.data;
  };
  const count = async (entity: Entity) => Number((await s.db.selectFrom(entity.table as never).select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow() as { n: unknown }).n);

  describe.each(LISTS)('$entity.name', ({ entity, pick, name, target, display }) => {
    const newTarget = async (title?: string) => {
      const made = await s.fx.create(target, 0, title ? { [display]: title } : {});
      // A recommended product is on sale and verified (any other is refused).
      if (target.table === 'pms_product') await s.db.updateTable('pms_product').set({ publish_status: 1, verify_status: 1 }).where('id', '=', made.id).execute();
      return made;
    };

    it('adds several at once, forcing recommendStatus 1 and sort 0 and ignoring the posted name', async () => {
      const [a, b] = [await newTarget(), await newTarget()];
      const answer = await s.post<number>(api(entity, '/create'), [
        { [pick]: a.id, [name]: 'posted name', recommendStatus: 0, sort: 9 },
        { [pick]: String(b.id) },
      ]);
      expect(answer.status, answer.raw).toBe(200);
      expect(answer.body.data).toBe(2);
      const rows = (await list(entity)).list.filter((row) => row[pick] === a.id || row[pick] === b.id);
      expect(rows.map((row) => [row[pick], row[name], row.recommendStatus, row.sort]).sort()).toEqual(
        [[a.id, a[display], 1, 0], [b.id, b[display], 1, 0]].sort(),
      );
    });

    it('filters by the recommended record\'s name (mall\'s LIKE, any case) and by status', async () => {
      const word = `Zq${s.fx.nextSeq()}x`;
      const found = await newTarget(`Find ${word} here`);
      await s.post(api(entity, '/create'), [{ [pick]: found.id }]);
      const byName = await list(entity, `&${name}=${word.toLowerCase()}`);
      expect(byName.list.map((row) => row[pick])).toEqual([found.id]);
      expect(byName.total).toBe(1);
      const row = byName.list[0]!;
      expect((await s.post(api(entity, `/update/recommendStatus?ids=${row.id}&recommendStatus=0`))).status).toBe(200);
      expect((await list(entity, `&${name}=${word}&recommendStatus=1`)).total).toBe(0);
      expect((await list(entity, `&${name}=${word}&recommendStatus=0`)).list.map((r) => r.id)).toEqual([row.id]);
      // A renamed record is found by its new name (the name is read, not copied).
      const renamed = `Renamed ${word}y`;
      await s.db.updateTable(target.table as never).set({ [display === 'title' ? 'title' : 'name']: renamed } as never).where('id' as never, '=', found.id as never).execute();
      expect((await list(entity, `&${name}=${encodeURIComponent(`${word}y`)}`)).list.map((r) => r[name])).toEqual([renamed]);
    });

    it('sorts by sort, highest first, changed one record at a time; a bad sort changes nothing', async () => {
      const [a, b] = [await newTarget(), await newTarget()];
      await s.post(api(entity, '/create'), [{ [pick]: a.id }, { [pick]: b.id }]);
      const rows = (await list(entity)).list.filter((row) => row[pick] === a.id || row[pick] === b.id);
      const rowOf = (id: number) => rows.find((row) => row[pick] === id)!;
      expect((await s.post(api(entity, `/update/sort/${rowOf(a.id).id}?sort=70`))).status).toBe(200);
      expect((await s.post(api(entity, `/update/sort/${rowOf(b.id).id}?sort=80&id=${rowOf(b.id).id}`))).status).toBe(200);
      const top = (await list(entity)).list.slice(0, 2).map((row) => [row[pick], row.sort]);
      expect(top).toEqual([[b.id, 80], [a.id, 70]]);
      const bad = await s.post(api(entity, `/update/sort/${rowOf(a.id).id}?sort=-1`));
      expect(bad.status).toBe(400);
      expect(bad.body.errors?.[0]?.field).toBe('sort');
      expect((await list(entity)).list.find((row) => row.id === rowOf(a.id).id)!.sort).toBe(70);
    });

    it('refuses a duplicate by name, in both languages, and saves none of the call', async () => {
      const [a, fresh] = [await newTarget(), await newTarget()];
      await s.post(api(entity, '/create'), [{ [pick]: a.id }]);
      const before = await count(entity);
      const again = await s.post(api(entity, '/create'), [{ [pick]: fresh.id }, { [pick]: a.id }]);
      expect(again.status, again.raw).toBe(409);
      expect(again.body.errors).toEqual([expect.objectContaining({ field: `1.${pick}`, messageKey: 'already_recommended' })]);
      expect(again.body.message).toMatch(/already recommended/i);
      // The admin shows the key in the reader's language.
      expect(errorsZh[again.body.errors![0]!.messageKey as MessageKey]).toContain('已在推荐列表中');
      // The same record twice in one call.
      expect((await s.post(api(entity, '/create'), [{ [pick]: fresh.id }, { [pick]: fresh.id }])).status).toBe(409);
      expect(await count(entity)).toBe(before);
    });

    it('refuses bad bodies naming the row, and saves nothing', async () => {
      const before = await count(entity);
      const missing = await s.post(api(entity, '/create'), [{ [pick]: (await newTarget()).id }, {}]);
      expect(missing.status).toBe(400);
      expect(missing.body.errors?.map((e) => e.field)).toEqual([`1.${pick}`]);
      const unknownId = await s.post(api(entity, '/create'), [{ [pick]: 1_999_999_999 }]);
      expect(unknownId.status).toBe(400);
      expect(unknownId.body.errors?.map((e) => e.field)).toEqual([`0.${pick}`]);
      expect((await s.post(api(entity, '/create'), [])).status).toBe(400);
      expect((await s.post(api(entity, '/create'), [7])).status).toBe(400);
      expect(await count(entity)).toBe(before);
    });

    it('deletes a selection', async () => {
      const [a, b] = [await newTarget(), await newTarget()];
      await s.post(api(entity, '/create'), [{ [pick]: a.id }, { [pick]: b.id }]);
      const ids = (await list(entity)).list.filter((row) => row[pick] === a.id || row[pick] === b.id).map((row) => row.id);
      const answer = await s.post<number>(api(entity, `/delete?ids=${ids.join(',')}`));
      expect(answer.body.data).toBe(2);
      expect((await list(entity)).list.some((row) => ids.includes(row.id))).toBe(false);
    });
  });

  it('50 parallel adds of one brand: exactly one row, the others refused as duplicates', async () => {
    const brand = await s.fx.create(entityByName('brand'));
    const answers = await Promise.all(Array.from({ length: 50 }, () => s.post(api(homeBrand as unknown as Entity, '/create'), [{ brandId: brand.id }])));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.status === 409 && a.body.errors?.[0]?.messageKey === 'already_recommended')).toHaveLength(49);
    const rows = await s.db.selectFrom('sms_home_brand' as never).select('id' as never).where('brand_id' as never, '=', brand.id as never).execute();
    expect(rows).toHaveLength(1);
  });

  it('a deleted brand or topic leaves its recommendations', async () => {
    const brand = await s.fx.create(entityByName('brand'));
    const topic = await s.fx.create(entityByName('subject'));
    await s.post(api(homeBrand as unknown as Entity, '/create'), [{ brandId: brand.id }]);
    await s.post(api(homeRecommendSubject as unknown as Entity, '/create'), [{ subjectId: topic.id }]);
    expect((await s.post(`/api/brand/delete/${brand.id}`)).status).toBe(200);
    expect((await s.post(`/api/subject/delete/${topic.id}`)).status).toBe(200);
    expect((await list(homeBrand as unknown as Entity)).list.some((row) => row.brandId === brand.id)).toBe(false);
    expect((await list(homeRecommendSubject as unknown as Entity)).list.some((row) => row.subjectId === topic.id)).toBe(false);
  });
});
