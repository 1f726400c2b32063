/**
 * The CSV export of every entity list, from its declaration: translated column titles, enum and
 * switch values as their labels, references by name, rich text as plain text, dates as local
 * `YYYY-MM-DD HH:mm:ss`. UTF-8 with a byte-order mark, so spreadsheet programs read Chinese.
 */
import { useMemo } from 'react';
import type { DataProvider, Exporter, Identifier, RaRecord, TranslateFunction } from 'react-admin';
import { downloadCSV, useGetResourceLabel, useTranslate } from 'react-admin';
import type { Entity, FieldDecl } from '../schema/engine/entity';
import { KIND_UI } from './kinds';
import { fieldLabelKey } from './labels';

const BOM = '\uFEFF';
/** A record's own page is the only place an `omitInList` rich text is answered; fetched a few at a time. */
const FETCH_CONCURRENCY = 4;
/** Cells a spreadsheet would run as a formula (CSV injection). */
const FORMULA_START = /^[=+\-@\t\r]/;

/** The list's columns plus rich text (a brand's story): what a person exporting a list looks for. */
export const exportFields = (entity: Entity): [string, FieldDecl][] =>
  // Never a secret (write-only: records carry only whether it is set): see `exported` in ./kinds.tsx.
  Object.entries(entity.fields).filter(([, decl]) => {
    const { exported } = KIND_UI[decl.kind];
    return !decl.virtual && exported !== 'never' && (decl.list || exported === 'always');
  });

const cellOf = (entity: Entity, name: string, decl: FieldDecl, record: RaRecord, translate: TranslateFunction): string => {
  const value: unknown = record[name];
  if (value === null || value === undefined || value === '') return '';
  return KIND_UI[decl.kind].csv({ entity, name, decl, value, record, translate });
};

const quote = (cell: string): string => {
  const safe = FORMULA_START.test(cell) && Number.isNaN(Number(cell)) ? `'${cell}` : cell;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
};

/** The CSV text of `records` (with its byte-order mark). */
export const entityCsv = (entity: Entity, records: readonly RaRecord[], translate: TranslateFunction): string => {
  const fields = exportFields(entity);
  const header = [translate('entity.export.id'), ...fields.map(([name]) => translate(fieldLabelKey(entity, name)))];
  const rows = records.map((record) => [
    String(record.id),
    ...fields.map(([name, decl]) => cellOf(entity, name, decl, record, translate)),
  ]);
  return BOM + [header, ...rows].map((row) => row.map(quote).join(',')).join('\r\n');
};

/** Fills the fields a list answer leaves out (`omitInList`) from each record's own answer. */
const withOmitted = async (entity: Entity, records: RaRecord[], dataProvider: DataProvider): Promise<RaRecord[]> => {
  if (!exportFields(entity).some(([, decl]) => decl.omitInList)) return records;
  const full = new Map<Identifier, RaRecord>();
  for (let i = 0; i < records.length; i += FETCH_CONCURRENCY) {
    const chunk = records.slice(i, i + FETCH_CONCURRENCY);
    const answers = await Promise.all(chunk.map((r) => dataProvider.getOne(entity.name, { id: r.id })));
    for (const { data } of answers) full.set(data.id, data);
  }
  return records.map((r) => ({ ...r, ...full.get(r.id) }));
};

/** The list's exporter; the file is named after the list ("Brands.csv", "品牌.csv"). */
export const useEntityExporter = (entity: Entity): Exporter => {
  const translate = useTranslate();
  const getResourceLabel = useGetResourceLabel();
  const filename = getResourceLabel(entity.name, 2);
  return useMemo<Exporter>(() => async (records, _fetchRelated, dataProvider) => {
    const complete = await withOmitted(entity, records, dataProvider);
    downloadCSV(entityCsv(entity, complete, translate), filename);
  }, [entity, translate, filename]);
};
