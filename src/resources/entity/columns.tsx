/** List columns: the `list: true` fields in declaration order, sortable only where declared. */
import type { ReactElement } from 'react';
import { DataTable } from 'react-admin';
import type { Entity } from '../../schema/entity';
import { fieldDisplay } from './fields';
import { fieldLabelKey } from './labels';

const NUMERIC_KINDS = new Set(['int', 'money']);

export const entityColumns = (entity: Entity): ReactElement[] =>
  Object.entries(entity.fields)
    .filter(([, decl]) => decl.list)
    .map(([name, decl]) => (
      <DataTable.Col
        key={name}
        source={name}
        label={fieldLabelKey(entity, name)}
        disableSort={!decl.sortable}
        align={NUMERIC_KINDS.has(decl.kind) ? 'right' : undefined}
      >
        {fieldDisplay(entity, name, decl, true)}
      </DataTable.Col>
    ));
