/**
 * The coupon form's pickers of what a coupon is limited to (./coupon.tsx shows each only for its
 * scope): the categories as one choice over the two levels, the products with their price, stock,
 * state and picture. Their own chunk: they load when a coupon form asks for them.
 */
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import ListItemText from '@mui/material/ListItemText';
import ListSubheader from '@mui/material/ListSubheader';
import MenuItem from '@mui/material/MenuItem';
import MuiTextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { RaRecord } from 'react-admin';
import { AutocompleteArrayInput, InputHelperText, ReferenceArrayInput, useInput, useRecordContext, useTranslate } from 'react-admin';
import type { FieldInputProps } from '../../engine/blocks';
import { fieldLabelKey, useTwoLevels } from '../../engine/blocks';
import { useIntlLocale } from '../../engine/locale';
import { referenceSearch } from '../../engine/lookups';
import { formatMoney, toCents } from '../../schema/engine/money';
import { product } from '../../schema/pms/product';
import { productCategory } from '../../schema/pms/entities';

type Category = RaRecord & { name: string };

const ids = (value: unknown): number[] => (Array.isArray(value) ? value.map(Number).filter((id) => Number.isInteger(id) && id > 0) : []);

/** The categories a coupon is limited to: top categories and their sub-categories in one multiple choice. */
export const CategoryPicks = ({ entity, name, decl }: FieldInputProps) => {
  const translate = useTranslate();
  const { field, fieldState } = useInput({ source: name, isRequired: Boolean(decl.required) });
  const tree = useTwoLevels<Category>(productCategory);
  const chosen = ids(field.value);
  const names = new Map((tree.data ?? []).flatMap(({ top, children }) => [top, ...children].map((c) => [Number(c.id), c.name] as const)));
  const error = fieldState.error?.message as Parameters<typeof InputHelperText>[0]['error'];
  const item = (id: number, label: string, indent: boolean) => (
    <MenuItem key={id} value={id} sx={indent ? { pl: 4 } : { fontWeight: 600 }}>
      <Checkbox size="small" checked={chosen.includes(id)} sx={{ p: 0.5, mr: 1 }} />
      <ListItemText primary={label} />
    </MenuItem>
  );
  return (
    <MuiTextField
      select fullWidth size="small" margin="dense"
      label={translate(fieldLabelKey(entity, name))}
      value={chosen}
      onChange={(event) => field.onChange(ids(event.target.value))}
      onBlur={field.onBlur}
      inputRef={field.ref}
      name={field.name}
      error={Boolean(fieldState.error)}
      helperText={error ? <InputHelperText error={error} /> : translate('entity.coupon.categories_hint')}
      slotProps={{
        select: {
          multiple: true,
          renderValue: (value) => ids(value).map((id) => names.get(id) ?? `#${id}`).join(', '),
          MenuProps: { slotProps: { paper: { sx: { maxHeight: 420 } } } },
        },
      }}
    >
      {(tree.data ?? []).flatMap(({ top, children }) => [
        <ListSubheader key={`top-${top.id}`}>{top.name}</ListSubheader>,
        item(Number(top.id), top.name, false),
        ...children.map((child) => item(Number(child.id), child.name, true)),
      ])}
    </MuiTextField>
  );
};

/** A product offered to the coupon: its picture and name, then its price, stock and whether it is on sale. */
const ProductOption = () => {
  const record = useRecordContext();
  const translate = useTranslate();
  const locale = useIntlLocale();
  if (!record) return null;
  const state = translate(Number(record.publishStatus) === 1 ? 'entity.coupon.on_sale' : 'entity.coupon.off_sale');
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }} data-testid="coupon-product-option">
      <Avatar variant="rounded" src={typeof record.pic === 'string' && record.pic ? record.pic : undefined} alt="" sx={{ width: 32, height: 32 }} />
      <Box>
        <Typography variant="body2">{String(record.name)}</Typography>
        <Typography variant="caption" color="text.secondary">
          {`${formatMoney(toCents(Number(record.price)), locale)} · ${translate(fieldLabelKey(product, 'stock'))} ${String(record.stock)} · ${state}`}
        </Typography>
      </Box>
    </Box>
  );
};

const productName = (record: RaRecord) => String(record.name ?? '');
const matchAll = () => true;

/** The products a coupon is limited to, each offered with its price, stock, state and picture (names alone could not tell two alike apart). */
export const ProductPicks = ({ entity, name }: FieldInputProps) => (
  <ReferenceArrayInput source={name} reference={product.name}>
    <AutocompleteArrayInput
      label={fieldLabelKey(entity, name)} optionText={<ProductOption />} inputText={productName}
      matchSuggestion={matchAll} filterToQuery={referenceSearch(product)}
    />
  </ReferenceArrayInput>
);

