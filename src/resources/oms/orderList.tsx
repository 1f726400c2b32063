/**
 * The order list's own parts (`/oms/order`), beside the generated list: status tabs with the
 * server's counts (inside the caller's shops), "Ship selected", which opens the shipping screen
 * with the selected orders pending shipment, and a "Ship" button on such rows. Closing with a note
 * and deleting are the generated bulk actions of the declaration.
 */
import LocalShippingIcon from '@mui/icons-material/LocalShipping';
import RouteIcon from '@mui/icons-material/Route';
import Tab from '@mui/material/Tab';
import Typography from '@mui/material/Typography';
import Tabs from '@mui/material/Tabs';
import type { Identifier, RaRecord } from 'react-admin';
import { Button, useCanAccess, useListContext, useNotify, useRecordContext, useTranslate } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import { useActionQuery } from '../../engine/actionQueries';
import { useCallerClock } from '../../engine/callerClock';
import { enumLabelKey } from '../../engine/labels';
import { routePath, withQuery } from '../../engine/routing';
import { actionOperation } from '../../schema/access';
import { MESSAGES } from '../../schema/api';
import type { Entity } from '../../schema/engine/entity';
import { DELIVERY_COMPANIES, ORDER_DELETABLE_STATUSES, ORDER_STATUS, ORDER_STATUSES, order, ORDER_PAY_STATUSES, PAY_STATUS } from '../../schema/oms/entities';
import { transitionAllows } from '../../schema/engine/entity';
import { ActionTrigger, fieldDisplay, LinkButton, RowButton, RowDeleteButton, useShowHref } from '../../engine/blocks';
import { useIntlLocale } from '../../engine/locale';
import { WithRowAccess } from '../../engine/rowAccess';
import { formatMoney, toCents } from '../../schema/engine/money';

/** The tabs: all, then every status but "invalid" (mall's tabs). */
const TAB_STATUSES = ORDER_STATUSES.filter((s) => s.value !== ORDER_STATUS.invalid);

type StatusCounts = { readonly all: number; readonly byStatus: Readonly<Record<string, number>> };

/** Status tabs over the list: each sets the list's status filter; the counts come from `GET /order/statusCounts`. */
/** The order list's day filters (created, paid between). */
const DAY_FILTERS = ['createTimeFrom', 'createTimeTo', 'paymentTimeFrom', 'paymentTimeTo'] as const;

export const OrderStatusTabs = ({ entity }: { readonly entity: Entity }) => {
  const translate = useTranslate();
  const { filterValues, displayedFilters, setFilters } = useListContext();
  const counts = useActionQuery<StatusCounts>(order, { name: 'statusCounts' });
  const current = filterValues.status === undefined || filterValues.status === '' ? 'all' : String(filterValues.status);
  const label = (text: string, count: number | undefined) =>
    (count === undefined ? text : translate('entity.oms.tab_count', { label: text, count }));
  const choose = (value: string) => {
    const { status: _status, ...rest } = filterValues as Record<string, unknown>;
    setFilters(value === 'all' ? rest : { ...rest, status: Number(value) }, displayedFilters);
  };
  // A date filter's days are the caller's (its shop's zone, the platform's for staff): said while one is set.
  const clock = useCallerClock();
  const byDay = DAY_FILTERS.some((name) => filterValues[name] !== undefined && filterValues[name] !== '');
  return (
    <>
      <Tabs value={current} onChange={(_event, value: string) => choose(value)} variant="scrollable" allowScrollButtonsMobile
        aria-label={translate(`resources.${entity.name}.fields.status`)} sx={{ px: 1, borderBottom: 1, borderColor: 'divider' }}>
        <Tab value="all" label={label(translate('entity.oms.tab_all'), counts.data?.all)} />
        {TAB_STATUSES.map((s) => (
          <Tab key={s.value} value={String(s.value)} label={label(translate(enumLabelKey(entity, 'status', s)), counts.data?.byStatus[String(s.value)])} />
        ))}
      </Tabs>
      {byDay && clock && (
        <Typography variant="body2" color="text.secondary" data-testid="order-days-zone" sx={{ px: 2, pt: 1 }}>
          {translate(clock.source === 'shop' ? 'entity.oms.days_shop' : 'entity.oms.days_platform', { zone: clock.zone, now: clock.now })}
        </Typography>
      )}
    </>
  );
};

const deliverPath = (ids: readonly Identifier[]) => withQuery(routePath('deliverOrderList'), { ids: ids.join(',') });

const useCanShip = () => useCanAccess({ resource: order.name, action: actionOperation('deliver') }).canAccess === true;

/**
 * "Ship selected": the selected orders pending shipment go to the shipping screen. Selected rows
 * of other pages are passed on too (that screen keeps only the shippable ones); when every
 * selected order is on this page and none is shippable, the list says so.
 */
export const ShipSelectedButton = () => {
  const notify = useNotify();
  const navigate = useNavigate();
  const { selectedIds, data, onUnselectItems } = useListContext();
  if (!useCanShip()) return null;
  const ship = () => {
    if (!selectedIds.length) {
      notify('errors.select_orders', { type: 'warning', messageArgs: { _: MESSAGES.select_orders } });
      return;
    }
    const known = new Map((data ?? []).map((r: RaRecord) => [r.id, r]));
    const ids = selectedIds.filter((id) => !known.has(id) || known.get(id)!.status === ORDER_STATUS.pendingShipment);
    if (!ids.length) {
      notify('errors.no_shippable_orders', { type: 'warning', messageArgs: { _: MESSAGES.no_shippable_orders } });
      return;
    }
    // The list keeps its selection in the store: coming back, the shipped orders are no longer picked.
    onUnselectItems();
    navigate(deliverPath(ids));
  };
  return <Button label="entity.oms.ship_selected" onClick={ship}><LocalShippingIcon /></Button>;
};

/** "Ship" on a row pending shipment: the shipping screen with that one order. */
const ShipRow = ({ canShip }: { readonly canShip: boolean }) => {
  const record = useRecordContext();
  const navigate = useNavigate();
  if (!record || record.status !== ORDER_STATUS.pendingShipment || !canShip) return null;
  return <RowButton label="entity.oms.ship" onClick={(event) => { event.stopPropagation(); navigate(deliverPath([record.id])); }}><LocalShippingIcon /></RowButton>;
};

/**
 * "Ship" on a row pending shipment. In a list it reads the list's one access answer
 * (../../engine/rowAccess.tsx): asked per row, each row's query was answered in a commit of its own.
 */
const ShipRowButton = () => (
  <WithRowAccess entity={order} action={actionOperation('deliver')} render={(canAccess) => <ShipRow canShip={canAccess === true} />} />
);

/**
 * A row's operations by its status (the list's and the order page's): ship (pending shipment),
 * close with a note (pending payment: the declared close on this one order), track (shipped or
 * completed: the order's page, where the timeline is; not on the page itself) and delete (closed
 * or invalid). The server refuses each in any other status whatever is shown.
 */
export const OrderRowButtons = ({ entity, onDetail = false }: { readonly entity: Entity; readonly onDetail?: boolean }) => {
  const record = useRecordContext();
  const showHref = useShowHref();
  const translate = useTranslate();
  const locale = useIntlLocale();
  if (!record) return null;
  const status = Number(record.status);
  // The order's read and its list row carry the cashier money bound to it: the close dialog, on the page and in the list,
  // says it must be unbound first, before anything is sent (the server refuses otherwise).
  const bound = toCents(Number(record.boundAmount ?? 0));
  const notice = bound > 0
    ? { text: translate('errors.order_close_bound', { amount: formatMoney(bound, locale), orderSn: String(record.orderSn) }), blocks: true }
    : undefined;
  return (
    <>
      <ShipRowButton />
      {transitionAllows(entity, 'close', record) && (
        <ActionTrigger entity={entity} name="close" target={{ ids: [record.id], label: String(record.orderSn) }} notice={notice} />
      )}
      {!onDetail && transitionAllows(entity, 'track', record) && (
        <LinkButton label={`resources.${entity.name}.actions.track.name`} to={showHref(record.id)}><RouteIcon /></LinkButton>
      )}
      {ORDER_DELETABLE_STATUSES.includes(status) && <RowDeleteButton entity={entity} />}
    </>
  );
};

/**
 * The order list's payment method: shown only for an order that was paid. An unpaid order has no
 * method yet; its stored 0 ("unpaid") said the same thing as the status beside it.
 */
export const PayTypeCell = ({ entity, name }: { readonly entity: Entity; readonly name: string }) => {
  const record = useRecordContext();
  const decl = entity.fields[name];
  if (!record || !decl || record.payStatus === PAY_STATUS.unpaid || record.payType === 0) return null;
  return fieldDisplay(entity, name, decl);
};

/** A stored logistics company as the reader knows it: a listed one by its name in their language, a typed one ("Other") as typed. */
export const deliveryCompanyText = (translate: (key: string) => string, stored: unknown): string => {
  if (typeof stored !== 'string') return '';
  const listed = DELIVERY_COMPANIES.find((c) => c.value === stored);
  return listed ? translate(`entity.oms.companies.${listed.label}`) : stored;
};

/** The order's logistics company (`deliveryCompany`), named as `deliveryCompanyText` says. */
export const DeliveryCompanyCell = ({ name }: { readonly entity: Entity; readonly name: string }) => {
  const record = useRecordContext();
  const translate = useTranslate();
  return <>{deliveryCompanyText(translate, record?.[name])}</>;
};

/**
 * The order's amount, and under it what went back when a return refunded some of it: "Partially
 * refunded 168.31" (or "Refunded …"), so a list row says exactly what happened to its money.
 */
export const OrderAmountCell = ({ entity, name }: { readonly entity: Entity; readonly name: string }) => {
  const record = useRecordContext();
  const translate = useTranslate();
  const locale = useIntlLocale();
  const decl = entity.fields[name];
  if (!record || !decl) return null;
  const refunded = toCents(Number(record.refundAmount ?? 0));
  const state = ORDER_PAY_STATUSES.find((s) => s.value === record.payStatus);
  return (
    <>
      {fieldDisplay(entity, name, decl)}
      {refunded > 0 && state && (
        <Typography variant="caption" color="text.secondary" display="block">
          {translate(enumLabelKey(entity, 'payStatus', state))} {formatMoney(refunded, locale)}
        </Typography>
      )}
    </>
  );
};
