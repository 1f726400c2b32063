/**
 * The product form's attributes (mall's step 3): the product type, the values of its
 * specifications, the SKU table made from every combination of the chosen values, and its
 * parameters. As in mall, the chosen values and the parameters are the product's attribute values
 * (`productAttributeValueList`: a specification's row holds its values comma-joined), and each SKU
 * names its combination in `spData` (`[{"key":"Colour","value":"Black"}]`).
 */
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import MenuItem from '@mui/material/MenuItem';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import MuiTextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMemo, useState } from 'react';
import type { FieldValues, UseFieldArrayReturn } from 'react-hook-form';
import { useFieldArray, useFormContext, useWatch } from 'react-hook-form';
import type { RaRecord, SourceContextValue } from 'react-admin';
import { Button, InputHelperText, Loading, RecordContextProvider, SourceContextProvider, useGetList, useTranslate } from 'react-admin';
import type { EntityScreenOptions, FieldInputProps } from '../../engine/blocks';
import { EntityFieldInput, fieldLabelKey, FormFieldCell } from '../../engine/blocks';
import { childEntityOf } from '../../schema/engine/entity';
import { splitInputList } from '../../schema/pms/entities';
import { product } from '../../schema/pms/product';

/** A product type's attribute as `/productAttribute/list/{cid}` answers it. */
type Attribute = RaRecord & { name: string; type: number; inputType: number; inputList: string | null; handAddStatus: number };
type AttrValue = { id?: number; productAttributeId: number; value: string | null };
type Sku = Record<string, unknown> & { spData?: string | null };
type Spec = { key: string; value: string };

const ATTRIBUTE_TYPE = { spec: 0, param: 1 } as const;
const FROM_LIST = 1;
const VALUES = 'productAttributeValueList';
const SKUS = 'skuStockList';
const skuEntity = childEntityOf(product, SKUS);
/** The SKU's own values in the table; the combination has columns of its own, a picture per SKU is left to mall's app. */
const SKU_COLUMNS = Object.entries(skuEntity.fields).filter(([name, decl]) => !decl.serverManaged && name !== 'spData' && name !== 'pic');

const splitValues = (value: string | null | undefined): string[] => splitInputList(value).filter(Boolean);

export const parseSpecs = (spData: unknown): Spec[] => {
  try {
    const parsed = JSON.parse(String(spData ?? '[]')) as unknown;
    return Array.isArray(parsed) ? parsed.filter((e): e is Spec => typeof e?.key === 'string' && typeof e?.value === 'string') : [];
  } catch {
    return [];
  }
};

const sameSpecs = (a: readonly Spec[], b: readonly Spec[]): boolean =>
  a.length === b.length && a.every((s, i) => s.key === b[i]!.key && s.value === b[i]!.value);

/**
 * The SKUs of every combination of the chosen values (specifications in the type's order, values in
 * the order ticked). A combination that already had a SKU keeps it with all that was typed in it.
 */
export const skusFor = (specs: readonly { name: string; values: readonly string[] }[], current: readonly Sku[], fresh: () => Sku): Sku[] => {
  const axes = specs.filter((s) => s.values.length > 0);
  if (!axes.length) return [];
  const combos = axes.reduce<Spec[][]>((acc, axis) => acc.flatMap((combo) => axis.values.map((value) => [...combo, { key: axis.name, value }])), [[]]);
  return combos.map((combo) => current.find((sku) => sameSpecs(parseSpecs(sku.spData), combo)) ?? { ...fresh(), spData: JSON.stringify(combo) });
};

/** Sources inside SKU `index`: `price` → `skuStockList.2.price`, labelled as the SKU's fields. */
const skuSource = (index: number): SourceContextValue => ({
  getSource: (source) => `${SKUS}.${index}${source ? `.${source}` : ''}`,
  getLabel: (source) => fieldLabelKey(skuEntity, source),
});

const SkuTable = ({ fields, mode, specNames }: {
  readonly fields: UseFieldArrayReturn<FieldValues>['fields']; readonly mode: FieldInputProps['mode']; readonly specNames: readonly string[];
}) => {
  const translate = useTranslate();
  const rows = (useWatch({ name: SKUS }) ?? []) as Sku[];
  return (
    <Box sx={{ width: '100%', overflowX: 'auto' }}>
      <Table size="small" aria-label={translate('entity.pms.sku_table')}>
        <TableHead>
          <TableRow>
            {specNames.map((name) => <TableCell key={`spec-${name}`}>{name}</TableCell>)}
            {SKU_COLUMNS.map(([name]) => <TableCell key={name}>{translate(fieldLabelKey(skuEntity, name))}</TableCell>)}
          </TableRow>
        </TableHead>
        <TableBody>
          {fields.map((field, index) => {
            const specs = parseSpecs(rows[index]?.spData);
            return (
              <SourceContextProvider key={field.id} value={skuSource(index)}>
                <RecordContextProvider value={{ id: index, ...rows[index] }}>
                  <TableRow sx={{ verticalAlign: 'top' }} data-testid="sku-row">
                    {specNames.map((name) => <TableCell key={`spec-${name}`} sx={{ pt: 3 }}>{specs.find((s) => s.key === name)?.value ?? ''}</TableCell>)}
                    {SKU_COLUMNS.map(([name, decl]) => (
                      <TableCell key={name} sx={{ minWidth: 120 }}>
                        <EntityFieldInput entity={skuEntity} name={name} decl={decl} mode={mode} />
                      </TableCell>
                    ))}
                  </TableRow>
                </RecordContextProvider>
              </SourceContextProvider>
            );
          })}
        </TableBody>
      </Table>
    </Box>
  );
};

/** A specification's values to tick: its listed ones, those the product already has, and (when allowed) one typed by hand. */
const SpecValues = ({ attribute, chosen, onChange }: {
  readonly attribute: Attribute; readonly chosen: readonly string[]; readonly onChange: (values: string[]) => void;
}) => {
  const translate = useTranslate();
  const [other, setOther] = useState('');
  const offered = [...new Set([...splitValues(attribute.inputList), ...chosen])];
  const add = () => {
    const value = other.trim();
    setOther('');
    if (value && !chosen.includes(value)) onChange([...chosen, value]);
  };
  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, mb: 1 }}>
      <Typography component="legend" variant="subtitle2">{attribute.name}</Typography>
      <FormGroup row>
        {offered.map((value) => (
          <FormControlLabel
            key={value} label={value}
            control={<Checkbox checked={chosen.includes(value)} onChange={(event) => onChange(event.target.checked ? [...chosen, value] : chosen.filter((v) => v !== value))} />}
          />
        ))}
        {attribute.handAddStatus === 1 && (
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
            <MuiTextField
              size="small" value={other} label={translate('entity.pms.spec_other', { name: attribute.name })}
              onChange={(event) => setOther(event.target.value)}
              onKeyDown={(event) => { if (event.key === 'Enter') { event.preventDefault(); add(); } }}
            />
            <Button label="entity.pms.spec_add" onClick={add} disabled={!other.trim()} />
          </Box>
        )}
      </FormGroup>
    </Box>
  );
};

/** A parameter's value: picked from its list, or typed. */
const ParamValue = ({ attribute, index, value, onChange }: {
  readonly attribute: Attribute; readonly index: number; readonly value: string; readonly onChange: (value: string) => void;
}) => {
  const { getFieldState, formState } = useFormContext();
  const error = getFieldState(`${VALUES}.${index}.value`, formState).error?.message as Parameters<typeof InputHelperText>[0]['error'];
  const options = [...new Set([...splitValues(attribute.inputList), ...(value ? [value] : [])])];
  const common = {
    fullWidth: true, size: 'small' as const, margin: 'dense' as const, label: attribute.name, value,
    error: Boolean(error), helperText: error ? <InputHelperText error={error} /> : undefined,
    onChange: (event: { target: { value: string } }) => onChange(event.target.value),
  };
  if (attribute.inputType !== FROM_LIST) return <MuiTextField {...common} />;
  return (
    <MuiTextField {...common} select>
      <MenuItem value="">&nbsp;</MenuItem>
      {options.map((option) => <MenuItem key={option} value={option}>{option}</MenuItem>)}
    </MuiTextField>
  );
};

const TypeAttributes = ({ typeId, mode }: { readonly typeId: number; readonly mode: FieldInputProps['mode'] }) => {
  const translate = useTranslate();
  const { getValues, setValue } = useFormContext();
  const skuArray = useFieldArray({ name: SKUS });
  const values = (useWatch({ name: VALUES }) ?? []) as AttrValue[];
  const { data: attributes, isPending } = useGetList<Attribute>('productAttribute', {
    filter: { productAttributeCategoryId: typeId }, pagination: { page: 1, perPage: 100 }, sort: { field: 'sort', order: 'DESC' },
  });
  const specs = useMemo(() => (attributes ?? []).filter((a) => a.type === ATTRIBUTE_TYPE.spec), [attributes]);
  const params = useMemo(() => (attributes ?? []).filter((a) => a.type === ATTRIBUTE_TYPE.param), [attributes]);
  if (isPending) return <Loading />;

  const chosenOf = (attribute: Attribute): string[] => splitValues(values.find((v) => Number(v.productAttributeId) === Number(attribute.id))?.value);
  /** The attribute values with one attribute's value replaced (a row per attribute of this type; an empty one goes). */
  const withValue = (list: readonly AttrValue[], attribute: Attribute, value: string): AttrValue[] => {
    const own = new Set((attributes ?? []).map((a) => Number(a.id)));
    const kept = list.filter((v) => own.has(Number(v.productAttributeId)));
    const at = kept.findIndex((v) => Number(v.productAttributeId) === Number(attribute.id));
    if (at < 0) return value ? [...kept, { productAttributeId: Number(attribute.id), value }] : kept;
    return value ? kept.map((v, i) => (i === at ? { ...v, value } : v)) : kept.filter((_, i) => i !== at);
  };
  const setValues = (next: AttrValue[]) => setValue(VALUES, next, { shouldDirty: true });

  const chooseSpec = (attribute: Attribute, chosen: string[]) => {
    const next = withValue(values, attribute, chosen.join(','));
    setValues(next);
    const axes = specs.map((spec) => ({ name: spec.name, values: spec.id === attribute.id ? chosen : chosenOf(spec) }));
    const price: unknown = getValues('price');
    const fresh = (): Sku => ({ price: typeof price === 'number' ? price : undefined, stock: 0, lowStock: 0 });
    skuArray.replace(skusFor(axes, (getValues(SKUS) ?? []) as Sku[], fresh));
  };
  const specNames = [...new Set((getValues(SKUS) as Sku[] | undefined ?? []).flatMap((sku) => parseSpecs(sku.spData).map((s) => s.key)))];

  return (
    <>
      <Typography variant="subtitle1" sx={{ mt: 2 }}>{translate('entity.pms.specs')}</Typography>
      {specs.map((attribute) => <SpecValues key={attribute.id} attribute={attribute} chosen={chosenOf(attribute)} onChange={(chosen) => chooseSpec(attribute, chosen)} />)}
      <Typography variant="subtitle1" sx={{ mt: 2 }}>{translate('entity.pms.sku_table')}</Typography>
      {skuArray.fields.length
        ? <SkuTable fields={skuArray.fields} mode={mode} specNames={specNames} />
        : <Alert severity="info">{translate('entity.pms.no_specs')}</Alert>}
      <Typography variant="subtitle1" sx={{ mt: 2 }}>{translate('entity.pms.params')}</Typography>
      {params.length ? (
        <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, columnGap: 3 }}>
          {params.map((attribute) => {
            const index = values.findIndex((v) => Number(v.productAttributeId) === Number(attribute.id));
            return (
              <ParamValue
                key={attribute.id} attribute={attribute} index={index} value={index < 0 ? '' : values[index]!.value ?? ''}
                onChange={(value) => setValues(withValue(values, attribute, value))}
              />
            );
          })}
        </Box>
      ) : <Alert severity="info">{translate('entity.pms.no_params')}</Alert>}
    </>
  );
};

/**
 * The attributes block: the product type (the engine's reference input), then its specifications,
 * SKUs and parameters once a type is chosen.
 */
export const ProductAttributes = ({ entity, options, mode }: {
  readonly entity: FieldInputProps['entity']; readonly options: EntityScreenOptions; readonly mode: FieldInputProps['mode'];
}) => {
  const translate = useTranslate();
  const typeId: unknown = useWatch({ name: 'productAttributeCategoryId' });
  const typeName = 'productAttributeCategoryId';
  return (
    <Box sx={{ gridColumn: '1 / -1', minWidth: 0, mb: 2 }}>
      <Box sx={{ maxWidth: { md: '50%' } }}>
        <FormFieldCell entity={entity} options={options} mode={mode} name={typeName} decl={entity.fields[typeName]!} />
      </Box>
      {typeof typeId === 'number' ? <TypeAttributes key={typeId} typeId={typeId} mode={mode} /> : <Alert severity="info">{translate('entity.pms.no_type')}</Alert>}
    </Box>
  );
};
