/**
 * The checks a write makes inside its transaction beyond validation (./repository.ts): the tenant
 * in scope, unique values within the tenant, references to rows the caller may see; the declared
 * defaults of a create; a constraint the database refused turned into the field error the checks
 * give.
 */
import type { FieldError } from '../../src/schema/api';
import { fieldError } from '../../src/schema/api';
import { isMessageKey } from '../../src/schema/validation';
import type { Entity } from '../../src/schema/engine/entity';
import { columnOf } from '../../src/schema/engine/entity';
import { constraintViolation } from '../db/errors';
import type { AnyEb } from '../db/index';
import { conflict, constraintFailed, validationFailed } from '../http/errors';
import type { AnyDb } from './hooks';
import { MAX_ID } from './ids';
import { toColumnValue } from './row';
import type { Scope } from './scope';
import { inScope } from './scope';
import { scopeWhere } from './scope-where';
import { uniqueIndexesOf, uniqueMessageOf } from './unique';

type Eb = AnyEb;

const fieldErrors = (errors: FieldError[]) => validationFailed(errors);

/**
 * An entity's write checks. `known`: every entity a reference may point at; `tenantField`: the
 * field holding the tenant (./scope-where.ts tenantFieldOf).
 */
export const writeChecks = (entity: Entity, known: readonly Entity[], tenantField: string | null) => {
  const table = entity.table;

  /**
   * Unique values and references, checked inside the write's transaction. `record` is the whole
   * record after the write (for the tenant a unique value is unique within). A reference to a
   * shop-owned entity must point inside the caller's scope: another seller's row reads exactly
   * like a missing one, so the check is no oracle of what other shops hold.
   */
  const checkConstraints = async (
    trx: AnyDb, values: Record<string, unknown>, record: Record<string, unknown>, selfId: number | null, scope: Scope,
  ): Promise<void> => {
    const errors: FieldError[] = [];
    if (tenantField && values[tenantField] !== undefined && !inScope(scope, values[tenantField])) {
      throw fieldErrors([fieldError(tenantField, 'invalid_reference')]);
    }
    for (const [name, decl] of Object.entries(entity.fields)) {
      const value = values[name];
      if (value === undefined || value === null) continue;
      if (decl.unique) {
        // Unique within the tenant (a mold code per shop); the table-wide rule elsewhere.
        const tenantValue = tenantField ? record[tenantField] : undefined;
        // A tenant id beyond the id range names no shop: nothing can clash (the reference check
        // below refuses it), and PostgreSQL would fail the comparison with int4.
        if (typeof tenantValue === 'number' && tenantValue > MAX_ID) continue;
        const clash = await trx.selectFrom(table).select('id')
          .where((eb: Eb) => eb.and([eb(columnOf(name, decl), '=', toColumnValue(decl, value) as never),
            ...(tenantField && tenantValue !== undefined && tenantValue !== null ? [eb(entity.tenant!, '=', tenantValue as number)] : []),
            ...(selfId === null ? [] : [eb('id', '<>', selfId)])]))
          .limit(1).executeTakeFirst();
        if (clash) throw conflict(name, 'not_unique');
      }
      if (decl.kind === 'reference' && decl.reference) {
        const target = known.find((e) => e.name === decl.reference?.entity);
        // An id beyond the id column's range names no row (and would fail the query on PostgreSQL).
        const found = target && (value as number) <= MAX_ID
          && await trx.selectFrom(target.table).select('id')
            .where((eb: Eb) => eb.and([eb('id', '=', value as number), scopeWhere(target, eb, scope)])).executeTakeFirst();
        if (!found) errors.push(fieldError(name, isMessageKey(decl.invalidMessage) ? decl.invalidMessage : 'invalid_reference'));
      }
    }
    if (errors.length) throw fieldErrors(errors);
  };

  /**
   * A reference declared `sameAs` (a product's freight template: `sameAs: 'shopId'`) names only a
   * row holding the record's own value of that field, whoever writes (staff see every shop's rows):
   * a reference written is checked against the record as written, and refused like a missing row
   * (`invalidMessage` or `invalid_reference`); when only that field changes (a product moved to
   * another shop), a reference the new value no longer holds is cleared in `values` (written, and
   * audited, with the change): the old shop's template is none of the new shop's.
   */
  const sameAsFields = Object.entries(entity.fields).filter(([, decl]) => decl.kind === 'reference' && decl.sameAs && decl.reference);
  const checkSameAs = async (trx: AnyDb, values: Record<string, unknown>, record: Record<string, unknown>): Promise<void> => {
    const errors: FieldError[] = [];
    for (const [name, decl] of sameAsFields) {
      const same = decl.sameAs!;
      if (values[name] === undefined && values[same] === undefined) continue;
      const value = record[name];
      if (value === undefined || value === null) continue;
      const target = known.find((e) => e.name === decl.reference!.entity);
      const sameDecl = target?.fields[same];
      if (!target || !sameDecl) throw new Error(`${entity.name}.${name}: sameAs names ${same}, which ${decl.reference!.entity} does not have`);
      const column = columnOf(same, sameDecl);
      const row = (value as number) <= MAX_ID
        ? await trx.selectFrom(target.table).select(column).where('id', '=', value as number).executeTakeFirst() as Record<string, unknown> | undefined
        : undefined;
      const own = record[same] ?? null;
      if (row && own !== null && String(row[column]) === String(toColumnValue(sameDecl, own))) continue;
      if (values[name] === undefined) {
        values[name] = null;
        record[name] = null;
      } else {
        errors.push(fieldError(name, isMessageKey(decl.invalidMessage) ? decl.invalidMessage : 'invalid_reference'));
      }
    }
    if (errors.length) throw fieldErrors(errors);
  };

  const defaultsFor = (input: Record<string, unknown>): Record<string, unknown> => {
    const values = { ...input };
    for (const [name, decl] of Object.entries(entity.fields)) {
      if (decl.serverManaged) continue;
      // null is "no value" on create (validation.ts, createSchema): the declared default, never a NOT NULL failure.
      if ((values[name] === undefined || values[name] === null) && decl.default !== undefined) values[name] = decl.default;
    }
    return values;
  };

  /** A constraint the database refused, as the same field error the checks above give (races end here). */
  const fieldByColumn = new Map(Object.entries(entity.fields).map(([name, decl]) => [columnOf(name, decl), name]));
  const constraintOr = (error: unknown): unknown => {
    const violation = constraintViolation(error);
    // A declared combination's index answers the combination's own message, as its check does.
    const combination = violation?.kind === 'unique' ? uniqueIndexesOf(entity).find((i) => i.columns.join() === violation.columns.join()) : undefined;
    if (combination) return conflict(combination.field, uniqueMessageOf(combination));
    return violation ? constraintFailed(violation, (column) => fieldByColumn.get(column)) : error;
  };

  return { checkConstraints, checkSameAs, defaultsFor, constraintOr };
};
