/**
 * The add-shop page (`/shop/addShop`): the generated create form, opened only to whoever may open
 * a shop. A seller without a paid, unexpired VIP is sent to the VIP purchase page (`/pay/index`)
 * with a notice saying why; the server refuses such a create anyway (`vip_required`). The answer
 * comes from `GET /shop/canOpen` (the server decides who is gated: administrators are not).
 */
import Alert from '@mui/material/Alert';
import { useEffect } from 'react';
import { Loading, useNavigate, useNotify, useTranslate } from 'react-admin';
import type { ViewProps } from '../../engine/blocks';
import { EntityCreate, LinkButton } from '../../engine/blocks';
import { useActionQuery } from '../../engine/actionQueries';
import { routePath } from '../../engine/routing';
import type { ShopOpenCheck } from '../../schema/shop/entities';

/** Where a seller buys its VIP. */
export const PAY_INDEX = routePath('payIndex');

export const ShopCreate = ({ entity, options }: ViewProps) => {
  const translate = useTranslate();
  const notify = useNotify();
  const navigate = useNavigate();
  // Asked on every visit: a confirmed payment or an expiry may have changed the answer.
  const check = useActionQuery<ShopOpenCheck>(entity, { name: 'canOpen' }, { staleTime: 0, gcTime: 0 });
  const blocked = check.data !== undefined && !check.data.allowed && check.data.vipRequired;
  useEffect(() => {
    if (!blocked) return;
    notify('shop.vip_required', { type: 'warning' });
    navigate(PAY_INDEX, { replace: true });
  }, [blocked, navigate, notify]);
  if (check.isPending) return <Loading loadingPrimary="shop.checking" loadingSecondary="" />;
  if (blocked) {
    // Shown for the moment before the navigation, and as a way there should it not happen.
    return (
      <Alert severity="warning" action={<LinkButton label="shop.buy_vip" to={PAY_INDEX} />}>
        {translate('shop.vip_required')}
      </Alert>
    );
  }
  // A failed check leaves the form open: the server still refuses a create it does not allow.
  return <EntityCreate entity={entity} options={options} />;
};
