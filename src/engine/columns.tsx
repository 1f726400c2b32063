/** List columns: the `list: true` fields in declaration order, sortable only where declared. */
import type { ReactElement } from 'react';
import { DataTable } from 'react-admin';
import type { Entity, FieldDecl } from '../schema/engine/entity';
import { fieldDisplay, KIND_UI } from './kinds';
import { fieldLabelKey } from './labels';
import type { EntityScreenOptions } from './screenOptions';

type Cells = NonNullable<EntityScreenOptions['cells']>;

/** A screen's own cell for the field, else the generic display (flags with a toggle as switches). */
const renderCell = (entity: Entity, name: string, decl: FieldDecl, cells: Cells): ReactElement => {
  const Cell = cells[name];
  return Cell ? <Cell entity={entity} name={name} /> : fieldDisplay(entity, name, decl, true);
};

/** Values of these kinds are short: kept on one line, so a date or an amount never makes a row two lines high. */
const ONE_LINE = new Set<FieldDecl['kind']>(['int', 'money', 'ratio', 'flag', 'enum', 'date', 'dateTime', 'time', 'reference']);
export const ONE_LINE_CLASS = 'engine-one-line';

/** The list columns a window this wide starts without (`listPriority`), before the user's own choice. */
export const narrowHiddenColumns = (entity: Entity, width: { readonly below1600: boolean; readonly below1300: boolean }): string[] =>
  Object.entries(entity.fields)
    .filter(([, decl]) => decl.list && ((decl.listPriority === 'low' && width.below1600) || (decl.listPriority === 'medium' && width.below1300)))
    .map(([name]) => name);

export const entityColumns = (entity: Entity, cells: Cells = {}): ReactElement[] =>
  Object.entries(entity.fields)
    .filter(([, decl]) => decl.list)
    .map(([name, decl]) => (
      <DataTable.Col
        key={name}
        source={name}
        label={fieldLabelKey(entity, name)}
        disableSort={!decl.sortable}
        align={KIND_UI[decl.kind].alignRight && !cells[name] ? 'right' : undefined}
        cellClassName={ONE_LINE.has(decl.kind) ? ONE_LINE_CLASS : undefined}
      >
        {renderCell(entity, name, decl, cells)}
      </DataTable.Col>
    ));
