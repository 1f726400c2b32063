// Protects: explicit nulls and NUL / lone surrogates in every field and query parameter are answered 4xx (never 5xx) and stored nowhere.
/**
 * No 5xx from any input, exhaustively over the declarations: an explicit `null` for every optional
 * field of every create and update (a field with a default takes it on create and is refused as
 * `required` on update: the admin's brand form sends `{"sort": null}` when Sort is cleared), and
 * NUL and lone UTF-16 surrogates in every text value of every body and every text query parameter
 * (refused as `invalid_format`, nothing stored). If this fails, such input answers 500 on
 * PostgreSQL or is stored changed on SQLite.
 */
import { describe, expect, it } from 'vitest';
import { entityList } from '../../src/schema/entities';
import type { Entity, FieldDecl } from '../../src/schema/engine/entity';
import { filterOf, isTextKind, writableFields } from '../../src/schema/engine/entity';
import { neverNull } from '../../src/schema/validation';
import type { Answer } from '../helpers/api';
import { call } from '../helpers/api';
import type { Body } from '../helpers/entity-bodies';
import { hasRoute, listPathFields, routeOf, snapshotData, updatableFields, urlOf, isWriteOnly } from '../helpers/entity-bodies';
import { apiSuite } from '../helpers/api-suite';
import { testDialects } from '../helpers/test-db';

/** Text that no field may hold, each spliced into an otherwise valid value. */
const UNSAFE = ['\u0000', '\uD800', '\uDFFF', '\uDC00\uD83D'];

/** Fields holding text a client types: the text kinds and image URLs. */
const holdsText = (decl: FieldDecl): boolean => isTextKind(decl.kind) || decl.kind === 'image' || decl.kind === 'images';

/** A valid value with `bad` written over the characters after its first (so length rules still pass). */
const spliced = (value: unknown, bad: string): unknown => {
  if (Array.isArray(value)) return value.map((v) => spliced(v, bad));
  const text = String(value);
  return `${text.slice(0, 1)}${bad}${text.slice(1 + bad.length)}`;
};

const fieldErrorsOf = (answer: Answer): [string, string][] =>
  (answer.body?.errors ?? []).map((e) => [e.field, e.messageKey]);

const optionalOnCreate = (decl: FieldDecl): boolean => !(decl.required && decl.default === undefined);

describe.each(testDialects())('input safety at every generated route (%s)', (dialect) => {
  const s = apiSuite(dialect, { shareTargets: true });
  let variant = 0;

  const post = (url: string, body: unknown) => call(s.app, 'POST', url, { token: s.token, body: JSON.stringify(body), headers: { 'content-type': 'application/json' } });
  const expectUnchanged = async (action: () => Promise<void>) => {
    const before = await snapshotData(s.db, entityList);
    await action();
    expect(await snapshotData(s.db, entityList)).toEqual(before);
  };

  for (const entity of entityList.filter(hasRoute('create'))) {
    it(`POST ${entity.path}/create (${entity.name}): null for each optional field is its default, or null; never a 5xx`, async () => {
      for (const [name, decl] of writableFields(entity).filter(([, d]) => optionalOnCreate(d))) {
        // Values vary from case to case; the records the body points at are made once (shareTargets).
        // The other fields agree with this one's default under the entity's cross-field rules (a
        // coupon for categories with an empty list is refused, whatever the variant picked).
        const full = await s.fx.bodyFor(entity, (variant += 1), { full: true, targetVariant: 0 });
        const body: Body = { ...s.fx.satisfyRules(entity, { ...full, [name]: decl.default ?? null }, [name]), [name]: null };
        const answer = await post(urlOf(routeOf(entity, 'create')!), body);
        const what = `${entity.name}.${name}: ${answer.status} ${answer.raw.slice(0, 300)}`;
        expect(answer.status, what).toBeLessThan(500);
        if (decl.default !== undefined) {
          expect(answer.status, what).toBe(200);
          // A write-only input (an account's roleIds) is not answered.
          if (!isWriteOnly(decl)) expect((answer.body.data as Body)[name], what).toEqual(decl.default);
        }
        // A nullable field may be stored as null or filled by the entity's hooks (brand.firstLetter from the name).
      }
    });

    it(`POST ${entity.path}/create (${entity.name}): NUL and lone surrogates in every text field are refused, nothing stored`, async () => {
      const base = await s.fx.bodyFor(entity, (variant += 1), { full: true });
      await expectUnchanged(async () => {
        for (const [name] of writableFields(entity).filter(([, d]) => holdsText(d))) {
          for (const bad of UNSAFE) {
            const answer = await post(urlOf(routeOf(entity, 'create')!), { ...base, [name]: spliced(base[name], bad) });
            const what = `${entity.name}.${name} ${JSON.stringify(bad)}: ${answer.status} ${answer.raw.slice(0, 300)}`;
            expect(answer.status, what).toBe(400);
            expect(fieldErrorsOf(answer), what).toContainEqual([name, 'invalid_format']);
          }
        }
      });
    });
  }

  for (const entity of entityList.filter(hasRoute('update'))) {
    const updateUrl = (id: number) => urlOf(routeOf(entity, 'update')!, { id });

    it(`POST ${entity.path}/update/{id} (${entity.name}): null is refused as required where the field is never null; never a 5xx`, async () => {
      const id = await s.fx.anyRecordId(entity);
      // The fields in declared order; each run of refused ones between two accepted nulls shares
      // one before/after snapshot (a change by any of them shows in its after).
      let refused: string[] = [];
      const refuseAll = async () => {
        if (!refused.length) return;
        const names = refused;
        refused = [];
        await expectUnchanged(async () => {
          for (const name of names) {
            const answer = await post(updateUrl(id), { [name]: null });
            const what = `${entity.name}.${name}: ${answer.status} ${answer.raw.slice(0, 300)}`;
            expect(answer.status, what).toBe(400);
            expect(fieldErrorsOf(answer), what).toEqual([[name, 'required']]);
          }
        });
      };
      for (const [name, decl] of updatableFields(entity)) {
        // A secret's null keeps the stored one (tests/api/engine-entity-secrets.test.ts).
        if (neverNull(decl) && decl.kind !== 'secret') {
          refused.push(name);
        } else {
          await refuseAll();
          const answer = await post(updateUrl(id), { [name]: null });
          const what = `${entity.name}.${name}: ${answer.status} ${answer.raw.slice(0, 300)}`;
          expect(answer.status, what).toBeLessThan(500);
        }
      }
      await refuseAll();
    });

    it(`POST ${entity.path}/update/{id} (${entity.name}): NUL and lone surrogates in every text field are refused, nothing changes`, async () => {
      const id = await s.fx.anyRecordId(entity);
      const record = await s.fx.get(entity, id);
      await expectUnchanged(async () => {
        for (const [name, decl] of updatableFields(entity).filter(([, d]) => holdsText(d))) {
          const valid = record[name] ?? (await s.fx.otherValue(entity, name, decl, null));
          for (const bad of UNSAFE) {
            const answer = await post(updateUrl(id), { [name]: spliced(valid ?? 'x', bad) });
            const what = `${entity.name}.${name} ${JSON.stringify(bad)}: ${answer.status} ${answer.raw.slice(0, 300)}`;
            expect(answer.status, what).toBe(400);
            expect(fieldErrorsOf(answer), what).toContainEqual([name, 'invalid_format']);
          }
        }
      });
    });
  }

  /** Text query parameters of a list: text filters and the keyword search. */
  const textParams = (entity: Entity): string[] => [
    ...Object.entries(entity.fields).filter(([, d]) => isTextKind(d.kind)).map(([n, d]) => filterOf(n, d)?.param)
      .filter((p): p is string => Boolean(p)),
    ...(entity.search ? [entity.search.param] : []),
  ];

  for (const entity of entityList.filter((e) => hasRoute('list')(e) && textParams(e).length)) {
    it(`GET ${entity.path} list (${entity.name}): NUL in every text query parameter is refused, a lone surrogate never reaches the database whole`, async () => {
      const record = await s.fx.anyRecordId(entity).then((id) => s.fx.get(entity, id));
      const listUrl = urlOf(routeOf(entity, 'list')!, Object.fromEntries(listPathFields(entity).map((f) => [f, record[f] ?? 0])));
      for (const param of textParams(entity)) {
        const nul = await call(s.app, 'GET', `${listUrl}?${param}=a%00b`, { token: s.token });
        expect(nul.status, `${param}: ${nul.raw.slice(0, 300)}`).toBe(400);
        expect(fieldErrorsOf(nul)).toContainEqual([param, 'invalid_format']);
        // A lone surrogate cannot be spelled in UTF-8: its CESU-8 bytes (and a bare %ED) decode to
        // U+FFFD, ordinary text. Whatever the decoder makes of them, the answer is no 5xx.
        for (const raw of ['%ED%A0%80', '%ED', '%F0%9F', '%C0%80']) {
          const answer = await call(s.app, 'GET', `${listUrl}?${param}=a${raw}b`, { token: s.token });
          expect(answer.status, `${param}=${raw}: ${answer.raw.slice(0, 300)}`).toBeLessThan(500);
        }
      }
    });
  }
});
