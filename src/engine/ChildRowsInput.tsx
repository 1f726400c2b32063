/**
 * The input of child rows (src/schema/engine/entity.ts `childRows`): an editable table whose cells are
 * the engine's own field inputs, so a server error such as `skuStockList.2.price` lands under that
 * row's price.
 */
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/DeleteOutline';
import Box from '@mui/material/Box';
import FormHelperText from '@mui/material/FormHelperText';
import IconButton from '@mui/material/IconButton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import type { ReactElement } from 'react';
import { useMemo } from 'react';
import { useWatch } from 'react-hook-form';
import type { SourceContextValue } from 'react-admin';
import {
  ArrayInput, Button, RecordContextProvider, SourceContextProvider, useArrayInput, useSourceContext, useTranslate,
} from 'react-admin';
import type { ChildRowsDecl, Entity, FieldDecl } from '../schema/engine/entity';
import { childEntityOf, DEFAULT_MAX_ROWS } from '../schema/engine/entity';
import { fieldLabelKey } from './labels';
import type { FieldInputProps } from './screenOptions';

type FieldInput = (props: FieldInputProps) => ReactElement | null;

/** The translated text of a count rule ("Up to three can be added"), from the declared message key. */
const useLimitText = () => {
  const translate = useTranslate();
  return (key: string, params: Record<string, number>) => translate(`errors.${key}`, { ...params, _: key });
};

/** A new row: the declared defaults of its writable fields. */
const newRow = (decl: ChildRowsDecl): Record<string, unknown> =>
  Object.fromEntries(Object.entries(decl.fields).filter(([, d]) => !d.serverManaged && d.default !== undefined).map(([k, d]) => [k, d.default]));

/** Sources inside row `index` of the list: `price` → `tiers.2.price`. */
const rowSource = (parent: SourceContextValue, index: number): SourceContextValue => ({
  getSource: (source) => parent.getSource(source ? `${index}.${source}` : `${index}`),
  getLabel: (source) => parent.getLabel(source),
});

type RowProps = {
  readonly rowEntity: Entity;
  readonly columns: readonly [string, FieldDecl][];
  readonly index: number;
  readonly mode: FieldInputProps['mode'];
  readonly FieldInput: FieldInput;
  readonly removable: boolean;
  readonly removeHint: string | null;
  readonly onRemove: () => void;
};

const ChildRow = ({ rowEntity, columns, index, mode, FieldInput, removable, removeHint, onRemove }: RowProps) => {
  const translate = useTranslate();
  const parent = useSourceContext();
  const source = useMemo(() => rowSource(parent, index), [parent, index]);
  // Read-only cells (server-managed values) show the row's own values, not the record's.
  const row = useWatch({ name: parent.getSource(String(index)) }) as Record<string, unknown> | undefined;
  const label = translate('entity.children.remove', { row: index + 1 });
  return (
    <SourceContextProvider value={source}>
      <RecordContextProvider value={{ id: index, ...row }}>
        <TableRow sx={{ verticalAlign: 'top' }}>
          <TableCell sx={{ pt: 3, color: 'text.secondary' }}>{index + 1}</TableCell>
          {columns.map(([name, decl]) => (
            <TableCell key={name} sx={{ minWidth: 120 }}>
              <FieldInput entity={rowEntity} name={name} decl={decl} mode={mode} />
            </TableCell>
          ))}
          <TableCell sx={{ pt: 2 }}>
            <Tooltip title={removable ? label : removeHint ?? label}>
              <span>
                <IconButton aria-label={label} onClick={onRemove} disabled={!removable}><DeleteIcon /></IconButton>
              </span>
            </Tooltip>
          </TableCell>
        </TableRow>
      </RecordContextProvider>
    </SourceContextProvider>
  );
};

const ChildRowsTable = ({ rowEntity, decl, mode, FieldInput }: {
  readonly rowEntity: Entity; readonly decl: ChildRowsDecl; readonly mode: FieldInputProps['mode']; readonly FieldInput: FieldInput;
}) => {
  const { fields, append, remove } = useArrayInput();
  const translate = useTranslate();
  const limitText = useLimitText();
  const min = decl.min ?? 0;
  const max = decl.max ?? DEFAULT_MAX_ROWS;
  // A new row has no server-managed values yet: those columns appear once there is something to show.
  const columns = Object.entries(decl.fields).filter(([, d]) => !(mode === 'create' && d.serverManaged));
  const full = fields.length >= max;
  const maxText = limitText(decl.maxMessage ?? 'too_many_rows', { max });
  const minText = min > 0 ? limitText(decl.minMessage ?? 'too_few_rows', { min }) : null;
  return (
    <Box sx={{ width: '100%', overflowX: 'auto' }}>
      {fields.length > 0 && (
        <Table size="small">
          <TableHead>
            <TableRow>
              <TableCell>#</TableCell>
              {columns.map(([name]) => <TableCell key={name}>{translate(fieldLabelKey(rowEntity, name))}</TableCell>)}
              <TableCell />
            </TableRow>
          </TableHead>
          <TableBody>
            {fields.map((field, index) => (
              <ChildRow
                key={field.id}
                rowEntity={rowEntity}
                columns={columns}
                index={index}
                mode={mode}
                FieldInput={FieldInput}
                removable={fields.length > min}
                removeHint={minText}
                onRemove={() => remove(index)}
              />
            ))}
          </TableBody>
        </Table>
      )}
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, mt: 1 }}>
        <Button label="entity.children.add" onClick={() => append(newRow(decl))} disabled={full}><AddIcon /></Button>
        {full && <FormHelperText>{maxText}</FormHelperText>}
      </Box>
    </Box>
  );
};

/**
 * The input of a child list: a table of rows (the engine's input of each row field per cell), a
 * button to add a row up to the most and one per row to remove it down to the fewest, each limit
 * said with the declared message. `FieldInput` is the engine's field input (passed in: it renders
 * this one for the list itself).
 */
export const ChildRowsInput = ({ entity, name, decl, mode, FieldInput }: FieldInputProps & { readonly FieldInput: FieldInput }) => {
  const rowEntity = useMemo(() => childEntityOf(entity, name), [entity, name]);
  return (
    <ArrayInput source={name} label={fieldLabelKey(entity, name)} isRequired={Boolean(decl.required)} fullWidth>
      <ChildRowsTable rowEntity={rowEntity} decl={decl.children!} mode={mode} FieldInput={FieldInput} />
    </ArrayInput>
  );
};
