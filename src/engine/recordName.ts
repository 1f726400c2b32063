/**
 * What a person calls one record: its declared `naming` fields (else its `display` field) as the
 * screens show them (enum options translated, amounts with two decimals), joined; `#<id>` only when
 * none has a value. Used where a record is named in words: action confirmations, delete
 * confirmations, the show view's title.
 */
import type { RaRecord } from 'react-admin';
import { useTranslate } from 'react-admin';
import type { Entity } from '../schema/engine/entity';
import { nameFieldOf } from '../schema/engine/entity';
import { enumLabelKey } from './labels';

type Translate = ReturnType<typeof useTranslate>;

const shownValue = (translate: Translate, entity: Entity, field: string, value: unknown): string => {
  const decl = entity.fields[field];
  if (decl?.kind === 'enum') {
    const option = decl.options?.find((o) => o.value === value);
    return option ? translate(enumLabelKey(entity, field, option)) : String(value);
  }
  if (decl?.kind === 'money' && typeof value === 'number') return value.toFixed(2);
  return String(value);
};

/**
 * A reference is named by the name the server joined in beside it (`referenceName`), never by its
 * bare id: a coupon received is "Summer sale · alice", not "12 · 5". The id stays only for a
 * reference without a declared name.
 */
const namedField = (entity: Entity, field: string): string =>
  (entity.fields[field]?.kind === 'reference' ? nameFieldOf(entity, field) ?? field : field);

export const recordName = (translate: Translate, entity: Entity, record: RaRecord): string => {
  const fields = (entity.naming ?? [entity.display]).map((field) => namedField(entity, field));
  const parts = fields.flatMap((field) => {
    const value: unknown = record[field];
    return value === null || value === undefined || value === '' ? [] : [shownValue(translate, entity, field, value)];
  });
  return parts.length > 0 ? parts.join(' · ') : `#${String(record.id)}`;
};

/**
 * The field a phone card is titled by when the entity is named by no `naming` fields: its display
 * field, or for an entity whose display is its bare id (a history row) its first list field that
 * is no picture, so a card never leads with a "#28" a person cannot place.
 */
export const cardTitleField = (entity: Entity): string | null => {
  if (entity.naming) return null;
  if (entity.fields[entity.display]) return entity.display;
  return Object.entries(entity.fields).find(([, decl]) => decl.list && decl.kind !== 'image' && decl.kind !== 'images')?.[0] ?? null;
};

/** recordName with the admin's translations. */
export const useRecordName = (): ((entity: Entity, record: RaRecord) => string) => {
  const translate = useTranslate();
  return (entity, record) => recordName(translate, entity, record);
};
