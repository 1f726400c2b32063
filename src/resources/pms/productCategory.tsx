/**
 * Product categories, as `mall` shows them: a two-level tree (the engine's list per parent and
 * parent input, from the declaration), and filter attributes as rows of (product type →
 * parameter), between one and three.
 */
import type { productCategory } from '../../schema/pms/entities';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/DeleteOutline';
import Box from '@mui/material/Box';
import FormHelperText from '@mui/material/FormHelperText';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import MuiTextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useRef, useState } from 'react';
import type { Identifier, RaRecord } from 'react-admin';
import {
  Button, InputHelperText, useGetList, useGetMany, useInput, useNotify, useTranslate,
} from 'react-admin';
import type { MessageKey } from '../../schema/api';
import { MESSAGES } from '../../schema/api';
import { productAttribute, productAttributeCategory } from '../../schema/pms/entities';
import { MAX_TIERS, PAGE_SIZE } from '../../schema/rules';
import { fieldLabelKey } from '../../engine/labels';
import type { FieldInputProps, ScreenOptionsOf } from '../../engine/screenOptions';

const LOOKUP = { page: 1, perPage: PAGE_SIZE.max } as const;
/** Filter attributes are parameters (`type` "param" of the attribute declaration). */
const PARAM_TYPE = productAttribute.fields.type.options?.find((o) => o.label === 'param')?.value;


type FilterRow = { readonly key: number; readonly typeId: Identifier | ''; readonly attributeId: Identifier | '' };

const FilterAttributeRow = ({ row, index, types, onChange, onRemove }: {
  readonly row: FilterRow;
  readonly index: number;
  readonly types: readonly RaRecord[];
  readonly onChange: (row: FilterRow) => void;
  readonly onRemove: () => void;
}) => {
  const translate = useTranslate();
  const { data: params = [] } = useGetList(
    productAttribute.name,
    { filter: { productAttributeCategoryId: row.typeId, type: PARAM_TYPE }, pagination: LOOKUP, sort: productAttribute.defaultSort },
    { enabled: row.typeId !== '' },
  );
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1 }}>
      <MuiTextField
        select
        size="small"
        sx={{ minWidth: 180 }}
        label={`${translate('entity.pms.filter_attr_type')} ${index + 1}`}
        value={row.typeId}
        onChange={(e) => onChange({ ...row, typeId: Number(e.target.value), attributeId: '' })}
      >
        {types.map((t) => <MenuItem key={t.id} value={t.id}>{String(t[productAttributeCategory.display] ?? t.id)}</MenuItem>)}
      </MuiTextField>
      <MuiTextField
        select
        size="small"
        sx={{ minWidth: 180 }}
        label={`${translate('entity.pms.filter_attr_param')} ${index + 1}`}
        value={params.some((p) => p.id === row.attributeId) ? row.attributeId : ''}
        onChange={(e) => onChange({ ...row, attributeId: Number(e.target.value) })}
        disabled={row.typeId === ''}
      >
        {params.map((p) => <MenuItem key={p.id} value={p.id}>{String(p[productAttribute.display] ?? p.id)}</MenuItem>)}
      </MuiTextField>
      <IconButton aria-label={`${translate('entity.pms.filter_attr_remove')} ${index + 1}`} onClick={onRemove}>
        <DeleteIcon />
      </IconButton>
    </Stack>
  );
};

/**
 * The category's filter attributes (a declared reference list of parameter ids): rows of product
 * type → parameter. A row's type is looked up from its parameter when the form opens. It replaces
 * the engine's searchable multi-select because the choice takes two steps: parameters are listed
 * per product type (`/productAttribute/list/{cid}`), so there is no one list of them to search.
 * The count rule and its message come from the declaration.
 */
const FilterAttributesInput = ({ entity, name, decl }: FieldInputProps) => {
  const translate = useTranslate();
  const notify = useNotify();
  const { field, fieldState } = useInput({ source: name });
  const initialIds = useRef<Identifier[]>(Array.isArray(field.value) ? (field.value as Identifier[]) : []);
  const nextKey = useRef(1);
  const newRow = (typeId: Identifier | '' = '', attributeId: Identifier | '' = ''): FilterRow => ({ key: nextKey.current++, typeId, attributeId });
  const [rows, setRows] = useState<FilterRow[]>(() => [newRow()]);
  const { data: types = [] } = useGetList(productAttributeCategory.name, { pagination: LOOKUP });
  const { data: known } = useGetMany(productAttribute.name, { ids: initialIds.current }, { enabled: initialIds.current.length > 0 });

  // Once the saved parameters are read, show one row per parameter with its product type.
  useEffect(() => {
    if (!known || known.length === 0) return;
    setRows(initialIds.current.map((id) => {
      const attribute = known.find((a) => a.id === id);
      return newRow((attribute?.productAttributeCategoryId as Identifier | undefined) ?? '', id);
    }));
  }, [known]);

  const update = (next: FilterRow[]) => {
    setRows(next);
    field.onChange(next.map((r) => r.attributeId).filter((id): id is Identifier => id !== ''));
  };
  const add = () => {
    const maxMessage = (decl.relation?.maxMessage ?? 'too_many_ids') as MessageKey;
    if (rows.length >= (decl.maxCount ?? MAX_TIERS)) {
      notify(`errors.${maxMessage}`, { type: 'warning', messageArgs: { max: decl.maxCount ?? MAX_TIERS, _: MESSAGES[maxMessage] } });
      return;
    }
    update([...rows, newRow()]);
  };
  const remove = (key: number) => {
    if (rows.length <= 1) {
      notify('errors.at_least_one', { type: 'warning', messageArgs: { _: MESSAGES.at_least_one } });
      return;
    }
    update(rows.filter((r) => r.key !== key));
  };

  return (
    <Box sx={{ mb: 2 }} role="group" aria-label={translate(fieldLabelKey(entity, name))}>
      <Typography variant="body2" color="text.secondary" gutterBottom>{translate(fieldLabelKey(entity, name))}</Typography>
      {rows.map((row, index) => (
        <FilterAttributeRow
          key={row.key}
          row={row}
          index={index}
          types={types}
          onChange={(changed) => update(rows.map((r) => (r.key === row.key ? changed : r)))}
          onRemove={() => remove(row.key)}
        />
      ))}
      <Button label="entity.pms.filter_attr_add" onClick={add}><AddIcon /></Button>
      {fieldState.error && (
        <FormHelperText error>
          <InputHelperText error={fieldState.error.message} />
        </FormHelperText>
      )}
    </Box>
  );
};

export const productCategoryScreen: ScreenOptionsOf<typeof productCategory> = {
  inputs: { productAttributeIdList: FilterAttributesInput },
};
