/**
 * The coupon screens' parts a declaration cannot say (src/schema/sms/coupon.ts): the categories and
 * the products a coupon is limited to are asked for only when its scope names them (mall's form
 * does the same), the categories as one choice over the two levels, and each coupon row leads to
 * the members' coupons of that coupon (its history).
 */
import HistoryIcon from '@mui/icons-material/History';
import Checkbox from '@mui/material/Checkbox';
import ListItemText from '@mui/material/ListItemText';
import ListSubheader from '@mui/material/ListSubheader';
import MenuItem from '@mui/material/MenuItem';
import MuiTextField from '@mui/material/TextField';
import { useWatch } from 'react-hook-form';
import { InputHelperText, useInput, useRecordContext, useTranslate } from 'react-admin';
import type { FieldInputProps } from '../../engine/blocks';
import { EntityFieldInput, fieldLabelKey, LinkButton } from '../../engine/blocks';
import { ALL_ROUTES } from '../../schema/routes';
import { COUPON_USE_TYPE } from '../../schema/sms/coupon';
import { useCategoryTree } from '../pms/productInputs';

const ids = (value: unknown): number[] => (Array.isArray(value) ? value.map(Number).filter((id) => Number.isInteger(id) && id > 0) : []);

/** The categories a coupon is limited to: top categories and their sub-categories in one multiple choice. */
const CategoryPicks = ({ entity, name, decl }: FieldInputProps) => {
  const translate = useTranslate();
  const { field, fieldState } = useInput({ source: name, isRequired: Boolean(decl.required) });
  const tree = useCategoryTree();
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

/** An input shown only while the coupon's scope is `useType` (the picks of another scope say nothing). */
const forScope = (useType: number, Input: (props: FieldInputProps) => React.ReactElement | null) => {
  const Scoped = (props: FieldInputProps) => {
    const scope: unknown = useWatch({ name: 'useType' });
    return Number(scope) === useType ? <Input {...props} /> : null;
  };
  return Scoped;
};

export const CouponCategories = forScope(COUPON_USE_TYPE.categories, CategoryPicks);
export const CouponProducts = forScope(COUPON_USE_TYPE.products, EntityFieldInput);

const HISTORY_PATH = ALL_ROUTES.find((r) => r.name === 'couponHistory')?.path ?? '/sms/couponHistory';

/** "History" on each coupon row: the members' coupons of this coupon. */
export const CouponHistoryButton = () => {
  const record = useRecordContext();
  if (!record) return null;
  return (
    <LinkButton label="entity.coupon.history" to={`${HISTORY_PATH}?filter=${encodeURIComponent(JSON.stringify({ couponId: record.id }))}`}>
      <HistoryIcon />
    </LinkButton>
  );
};
