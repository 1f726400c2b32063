/**
 * What a person calls one record: its declared `naming` fields (else its `display` field) as the
 * screens show them (enum options translated, amounts with two decimals), joined; `#<id>` only when
 * none has a value. Used where a record is named in words: action confirmations, delete
 * confirmations, the show view's title.
 */
import type { RaRecord } from 'react-admin';
import { useTranslate } from 'react-admin';
import type { Entity } from '../schema/engine/entity';
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

export const recordName = (translate: Translate, entity: Entity, record: RaRecord): string => {
  const fields = entity.naming ?? [entity.display];
  const parts = fields.flatMap((field) => {
    const value: unknown = record[field];
    return value === null || value === undefined || value === '' ? [] : [shownValue(translate, entity, field, value)];
  });
  return parts.length > 0 ? parts.join(' · ') : `#${String(record.id)}`;
};

/** recordName with the admin's translations. */
export const useRecordName = (): ((entity: Entity, record: RaRecord) => string) => {
  const translate = useTranslate();
  return (entity, record) => recordName(translate, entity, record);
};
