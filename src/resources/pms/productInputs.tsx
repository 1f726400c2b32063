/**
 * The product form's inputs that a field kind alone cannot give (mall's product form): the category
 * as a two-level choice, the service guarantees as ticks, and the price strategy with the fields
 * each strategy fills. Every label, limit and rule still comes from the declaration
 * (src/schema/pms/product.ts); the values are the declared fields themselves.
 */
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import ListSubheader from '@mui/material/ListSubheader';
import MenuItem from '@mui/material/MenuItem';
import MuiTextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useFormContext, useFormState, useWatch } from 'react-hook-form';
import type { RaRecord } from 'react-admin';
import { InputHelperText, useDataProvider, useGetList, useInput, useTranslate } from 'react-admin';
import type { FieldInputProps } from '../../engine/blocks';
import { enumLabelKey, FieldGrid, fieldLabelKey, FormFieldCell } from '../../engine/blocks';
import type { FieldDecl } from '../../schema/engine/entity';
import { PROMOTION, SERVICE_GUARANTEES, STRATEGY_FIELDS, TIER_MIN, TIERED_STRATEGIES } from '../../schema/pms/product';

type Category = RaRecord & { name: string; parentId: number };
type TopCategory = { top: Category; children: Category[] };

const TOP_PARENT = 0;
/** Enough for every category of one level (mall's cascader loads them all). */
const ALL = { page: 1, perPage: 200 } as const;
const BY_SORT = { field: 'sort', order: 'DESC' } as const;

/** The two levels of categories: each top category with its children, fetched once per form (also the coupon's category picks). */
export const useCategoryTree = () => {
  const dataProvider = useDataProvider();
  return useQuery({
    queryKey: ['productCategory', 'twoLevels'],
    queryFn: async ({ signal }): Promise<TopCategory[]> => {
      const list = (parentId: number) => dataProvider.getList<Category>('productCategory', { filter: { parentId }, pagination: ALL, sort: BY_SORT, signal });
      const tops = (await list(TOP_PARENT)).data;
      return Promise.all(tops.map(async (top) => ({ top, children: (await list(Number(top.id))).data })));
    },
  });
};

/**
 * The category: one choice of a second-level category, listed under its top category (mall's
 * two-level cascader in one control). A product never sits in a top category, so those are headings.
 */
export const CategoryPicker = ({ entity, name, decl }: FieldInputProps) => {
  const translate = useTranslate();
  const { field, fieldState, isRequired } = useInput({ source: name, isRequired: Boolean(decl.required) });
  const tree = useCategoryTree();
  const value: unknown = field.value;
  const known = tree.data?.some((group) => group.children.some((c) => c.id === value)) ?? false;
  const label = translate(fieldLabelKey(entity, name));
  const error = fieldState.error?.message as Parameters<typeof InputHelperText>[0]['error'];
  return (
    <MuiTextField
      select fullWidth size="small" margin="dense"
      label={`${label}${isRequired ? ' *' : ''}`}
      value={known ? value : ''}
      onChange={(event) => field.onChange(Number(event.target.value))}
      onBlur={field.onBlur}
      inputRef={field.ref}
      name={field.name}
      error={Boolean(fieldState.error)}
      helperText={error ? <InputHelperText error={error} /> : translate('entity.pms.category_pick')}
      slotProps={{ select: { MenuProps: { slotProps: { paper: { sx: { maxHeight: 420 } } } } } }}
    >
      {(tree.data ?? []).flatMap(({ top, children }) => [
        <ListSubheader key={`top-${top.id}`}>{top.name}</ListSubheader>,
        ...children.map((child) => <MenuItem key={child.id} value={child.id as number} sx={{ pl: 4 }}>{child.name}</MenuItem>),
      ])}
    </MuiTextField>
  );
};

const splitIds = (value: unknown): number[] =>
  String(value ?? '').split(',').map((v) => Number(v.trim())).filter((v) => Number.isInteger(v) && v > 0);

/** The service guarantees: a tick per guarantee, stored as mall stores them (`1,3`). */
export const ServiceGuarantees = ({ entity, name }: FieldInputProps) => {
  const translate = useTranslate();
  const { field, fieldState } = useInput({ source: name });
  const chosen = new Set(splitIds(field.value));
  const toggle = (value: number, on: boolean) => {
    const next = SERVICE_GUARANTEES.map((s) => s.value).filter((v) => (v === value ? on : chosen.has(v)));
    field.onChange(next.join(','));
  };
  const error = fieldState.error?.message as Parameters<typeof InputHelperText>[0]['error'];
  return (
    <FormControl component="fieldset" error={Boolean(fieldState.error)} sx={{ my: 1 }}>
      <FormLabel component="legend">{translate(fieldLabelKey(entity, name))}</FormLabel>
      <FormGroup row>
        {SERVICE_GUARANTEES.map((service) => (
          <FormControlLabel
            key={service.value}
            label={translate(`entity.pms.service.${service.label}`)}
            control={<Checkbox checked={chosen.has(service.value)} onChange={(event) => toggle(service.value, event.target.checked)} />}
          />
        ))}
      </FormGroup>
      {error && <FormHelperText><InputHelperText error={error} /></FormHelperText>}
    </FormControl>
  );
};

type MemberLevel = RaRecord & { name: string };

/** A tiered strategy's list keeps at least one tier while that strategy is chosen. */
const shownDecl = (strategy: number, field: string, decl: FieldDecl): FieldDecl =>
  (decl.children && (TIERED_STRATEGIES as Record<number, string>)[strategy] === field ? { ...decl, children: { ...decl.children, ...TIER_MIN } } : decl);

/**
 * The price strategy (mall's "same price / promotion price / member price / quantity discount /
 * full reduction"): the choice, then the fields of the chosen strategy. Another strategy's fields
 * keep what was typed; they show again when chosen, or while they hold an error.
 */
export const PriceStrategy = ({ entity, options, mode }: Omit<FieldInputProps, 'name' | 'decl'> & { readonly options: Parameters<typeof FormFieldCell>[0]['options'] }) => {
  const translate = useTranslate();
  const strategy = Number(useWatch({ name: 'promotionType' }) ?? 0);
  const { errors } = useFormState();
  const { getValues, setValue } = useFormContext();
  const levels = useGetList<MemberLevel>('memberLevel', { pagination: ALL }, { enabled: strategy === PROMOTION.memberPrice });
  const previous = useRef(strategy);
  // Choosing a strategy with nothing in its list starts it as mall does: one empty tier, a row per member level.
  useEffect(() => {
    const changed = previous.current !== strategy;
    previous.current = strategy;
    if (!changed) return;
    const tiers = (TIERED_STRATEGIES as Record<number, string>)[strategy];
    if (tiers && !(getValues(tiers) as unknown[] | undefined)?.length) setValue(tiers, [{}], { shouldDirty: true });
  }, [strategy, getValues, setValue]);
  useEffect(() => {
    if (strategy !== PROMOTION.memberPrice || !levels.data?.length || (getValues('memberPriceList') as unknown[] | undefined)?.length) return;
    setValue('memberPriceList', levels.data.map((level) => ({ memberLevelId: level.id, memberLevelName: level.name })), { shouldDirty: true });
  }, [strategy, levels.data, getValues, setValue]);

  const typeDecl = entity.fields.promotionType!;
  return (
    <Box sx={{ gridColumn: '1 / -1', minWidth: 0 }}>
      <FormFieldCell entity={entity} options={options} mode={mode} name="promotionType" decl={typeDecl} />
      {Object.entries(STRATEGY_FIELDS).map(([key, fields]) => {
        const value = Number(key);
        if (value !== strategy && !fields.some((f) => errors[f])) return null;
        const option = typeDecl.options?.find((o) => o.value === value);
        return (
          <Box key={key} component="section" sx={{ mt: 1, mb: 2, pl: 2, borderLeft: 3, borderColor: 'divider' }}>
            <Typography variant="subtitle2" color="text.secondary">
              {translate('entity.pms.strategy_fields', { strategy: option ? translate(enumLabelKey(entity, 'promotionType', option)) : key })}
            </Typography>
            <FieldGrid>
              {fields.map((field) => (
                <FormFieldCell key={field} entity={entity} options={options} mode={mode} name={field} decl={shownDecl(value, field, entity.fields[field]!)} />
              ))}
            </FieldGrid>
          </Box>
        );
      })}
    </Box>
  );
};
