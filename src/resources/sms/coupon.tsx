/**
 * The coupon screens' parts a declaration cannot say (src/schema/sms/coupon.ts): the categories and
 * the products a coupon is limited to are asked for only when its scope names them (mall's form
 * does the same), the categories as one choice over the two levels, each coupon row leads to
 * the members' coupons of that coupon (its history), and its scope says what it applies to: "3
 * products" in the list, the products' or categories' names, each a link to it, on its page.
 */
import HistoryIcon from '@mui/icons-material/History';
import Chip from '@mui/material/Chip';
import type { ComponentType } from 'react';
import { useWatch } from 'react-hook-form';
import { ReferenceArrayField, SingleFieldList, useRecordContext, useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import type { Entity } from '../../schema/engine/entity';
import type { FieldInputProps } from '../../engine/blocks';
import { enumLabelKey, LinkButton } from '../../engine/blocks';
import { CHIP_SX } from '../../engine/fields';
import { lazyNow } from '../../engine/lazyNow';
import { editPath } from '../../engine/routing';
import { ENTITIES } from '../../schema/entities';
import { ALL_ROUTES } from '../../schema/routes';
import { COUPON_USE_TYPE, COUPON_USE_TYPES } from '../../schema/sms/coupon';

/** An input shown only while the coupon's scope is `useType` (the picks of another scope say nothing). */
const forScope = (useType: number, Input: ComponentType<FieldInputProps>) => {
  const Scoped = (props: FieldInputProps) => {
    const scope: unknown = useWatch({ name: 'useType' });
    return Number(scope) === useType ? <Input {...props} /> : null;
  };
  return Scoped;
};

/** The pickers load with the first coupon form that names a scope (no part of the coupon list's first draw). */
const CategoryPicks = lazyNow(() => import('./couponPicks').then((m) => m.CategoryPicks));
const ProductPicks = lazyNow(() => import('./couponPicks').then((m) => m.ProductPicks));

export const CouponCategories = forScope(COUPON_USE_TYPE.categories, CategoryPicks);
export const CouponProducts = forScope(COUPON_USE_TYPE.products, ProductPicks);

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

/** The picks' count field and its text of each limited scope. */
const SCOPE_COUNTS = {
  [COUPON_USE_TYPE.categories]: { count: 'productCategoryCount', text: 'entity.coupon.scope_categories' },
  [COUPON_USE_TYPE.products]: { count: 'productCount', text: 'entity.coupon.scope_products' },
} as const;

/**
 * The coupon's use scope as what it applies to: "All products", "3 products", "2 categories"
 * (the counts the list answers beside each coupon, src/schema/sms/coupon.ts `pickCount`).
 */
export const CouponScopeCell = ({ entity, name }: { readonly entity: Entity; readonly name: string }) => {
  const record = useRecordContext();
  const translate = useTranslate();
  if (!record) return null;
  const useType = Number(record[name]);
  const scope = useType === COUPON_USE_TYPE.categories || useType === COUPON_USE_TYPE.products ? SCOPE_COUNTS[useType] : null;
  const count: unknown = scope ? record[scope.count] : undefined;
  if (scope && typeof count === 'number') return <span data-coupon-scope={useType}>{translate(scope.text, { smart_count: count })}</span>;
  const option = COUPON_USE_TYPES.find((o) => o.value === useType);
  return <span data-coupon-scope={useType}>{option ? translate(enumLabelKey(entity, name, option)) : ''}</span>;
};

/** One pick as a chip that leads to the picked record's own page. */
const PickChip = ({ target }: { readonly target: Entity }) => {
  const record = useRecordContext();
  if (!record) return null;
  const label = String(record[target.display] ?? '');
  const to = editPath(target, record.id);
  return to
    ? <Chip size="small" sx={CHIP_SX} label={label} component={Link} to={to} clickable />
    : <Chip size="small" sx={CHIP_SX} label={label} />;
};

/** The coupon's picks of one scope by name, each a link; nothing for another scope (its picks say nothing). */
const scopePicks = (useType: number, target: Entity) => {
  const Picks = ({ name }: { readonly entity: Entity; readonly name: string }) => {
    const record = useRecordContext();
    if (!record || Number(record.useType) !== useType) return null;
    return (
      <ReferenceArrayField source={name} reference={target.name}>
        <SingleFieldList linkType={false}><PickChip target={target} /></SingleFieldList>
      </ReferenceArrayField>
    );
  };
  return Picks;
};

export const CouponCategoryNames = scopePicks(COUPON_USE_TYPE.categories, ENTITIES.productCategory);
export const CouponProductNames = scopePicks(COUPON_USE_TYPE.products, ENTITIES.product);
