/**
 * Demo home-page recommendations (demo content only, after the catalog): brands, new products,
 * popular products and special topics, each list with a few rows in a chosen order and one
 * switched off, so every recommendation screen shows what it does. Written through the lists'
 * repositories (createMany, then the sort and switch set as the screens set them), each list only
 * while it is empty.
 */
import type { Kysely } from 'kysely';
import type { EntityName } from '../../src/schema/entities';
import { ENTITIES } from '../../src/schema/entities';
import type { Entity } from '../../src/schema/engine/entity';
import { columnOf } from '../../src/schema/engine/entity';
import type { RepositoryOf } from '../areas/area';
import type { Actor } from '../crud/repository';
import type { Database } from '../db/schema';

/** The ids a list recommends, best first: the first gets the highest sort, the last is switched off. */
const recommend = async (db: Kysely<Database>, repositoryOf: RepositoryOf, name: EntityName, ids: readonly number[], actor: Actor): Promise<void> => {
  if (ids.length === 0) return;
  const entity: Entity = ENTITIES[name];
  if (await db.selectFrom(entity.table as never).select('id' as never).limit(1).executeTakeFirst()) return;
  const repo = repositoryOf(name);
  const pick = entity.createMany!.pick;
  await repo.createMany(ids.map((id) => ({ [pick]: id })), actor);
  const column = columnOf(pick, entity.fields[pick]!);
  const rows = await db.selectFrom(entity.table as never).select(['id', `${column} as target`] as never).execute() as unknown as { id: number; target: number }[];
  for (const [index, target] of ids.entries()) {
    const row = rows.find((r) => Number(r.target) === target);
    if (!row) continue;
    await repo.setField([row.id], 'sort', (ids.length - index) * 10, actor);
    if (index === ids.length - 1 && ids.length > 2) await repo.setField([row.id], 'recommendStatus', 0, actor);
  }
};

export const seedDemoRecommendations = async (db: Kysely<Database>, repositoryOf: RepositoryOf, actor: Actor): Promise<void> => {
  const brands = await db.selectFrom('pms_brand').select('id').where('show_status', '=', 1).orderBy('sort', 'desc').limit(5).execute();
  await recommend(db, repositoryOf, 'homeBrand', brands.map((b) => b.id), actor);
  const live = db.selectFrom('pms_product').select('id').where('delete_status', '=', 0).where('publish_status', '=', 1).where('verify_status', '=', 1);
  // New: the newest products marked new; popular: the best sellers.
  const newest = await live.where('new_status', '=', 1).orderBy('id', 'desc').limit(6).execute();
  await recommend(db, repositoryOf, 'homeNewProduct', newest.map((p) => p.id), actor);
  const popular = await live.orderBy('sale', 'desc').orderBy('id').limit(6).execute();
  await recommend(db, repositoryOf, 'homeRecommendProduct', popular.map((p) => p.id), actor);
  const topics = await db.selectFrom('cms_subject').select('id').where('show_status', '=', 1).orderBy('id').limit(4).execute();
  await recommend(db, repositoryOf, 'homeRecommendSubject', topics.map((s) => s.id), actor);
};
