/**
 * Shipping (`/oms/deliverOrderList?ids=1,2`, `mall`'s deliver list): the selected orders pending
 * shipment, one row each with its receiver, a logistics company (picked from the declared list,
 * Chinese couriers and international carriers, or "Other" with the name typed) and a logistics number; one confirmation ships them all in one call (`POST
 * /order/update/delivery` with one row per order, the declared `deliver` transition). Each row is
 * checked with the action's own parameter rules before sending; the server's errors (`1.deliverySn`)
 * land under the row's input. Orders that are not pending shipment are left out, and said so. On a
 * phone each order is a card with its inputs under the receiver.
 */
import Alert from '@mui/material/Alert';
import Card from '@mui/material/Card';
import ListSubheader from '@mui/material/ListSubheader';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import MuiTextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import type { RaRecord } from 'react-admin';
import { Button, Loading, useGetMany, useNotify, useTranslate } from 'react-admin';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { useActionMutation } from '../../engine/actionQueries';
import { fieldLabelKey } from '../../engine/labels';
import { routePath } from '../../engine/routing';
import { ScreenHeading } from '../../engine/ScreenHeading';
import { useIsMobile } from '../../theme/useIsMobile';
import { ApiError } from '../../providers/api';
import type { FieldError } from '../../schema/api';
import { DELIVERY_COMPANIES, DELIVERY_COMPANY_MAX, ORDER_STATUS, order } from '../../schema/oms/entities';
import { fieldSchema, validate } from '../../schema/validation';
import { z } from 'zod';

const PARAMS = order.actions!.deliver.params;
type ParamName = keyof typeof PARAMS;
const PARAM_NAMES = Object.keys(PARAMS) as ParamName[];
/** One row's parameters, checked by the declaration's own rules (the server checks them again). */
const ROW_SCHEMA = z.object(Object.fromEntries(PARAM_NAMES.map((name) => [name, fieldSchema(PARAMS[name])])));

/** What a row sends: the action's parameters. */
type Row = Record<ParamName, string>;
/** A row as the shipper fills it: the company picked (or OTHER), the name typed for "Other", the number. */
type RowInput = { readonly choice: string; readonly otherName: string; readonly deliverySn: string };
/** Field errors by order id, then parameter. */
type RowErrors = Record<string, Partial<Record<ParamName, FieldError>>>;

/** The picker's "Other": a choice of the screen only (what is sent is the typed name); no listed company is called this. */
const OTHER = '(other)';
const REGIONS = [...new Set(DELIVERY_COMPANIES.map((c) => c.region))];
const EMPTY_ROW: RowInput = { choice: '', otherName: '', deliverySn: '' };

const sentRow = (input: RowInput): Row =>
  ({ deliveryCompany: input.choice === OTHER ? input.otherName : input.choice, deliverySn: input.deliverySn });

const idsOf = (raw: string | null): number[] =>
  [...new Set((raw ?? '').split(',').map((s) => Number(s.trim())).filter((n) => Number.isInteger(n) && n > 0))];

const address = (o: RaRecord): string =>
  [o.receiverProvince, o.receiverCity, o.receiverRegion, o.receiverDetailAddress].filter((part) => typeof part === 'string' && part).join(' ');

export const DeliverOrderList = () => {
  const translate = useTranslate();
  const notify = useNotify();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [search] = useSearchParams();
  const ids = useMemo(() => idsOf(search.get('ids')), [search]);
  const { data, isPending, error } = useGetMany(order.name, { ids }, { enabled: ids.length > 0 });
  const orders = (data ?? []).filter((o) => o.status === ORDER_STATUS.pendingShipment);
  const leftOut = ids.length - orders.length;
  const [rows, setRows] = useState<Record<string, RowInput>>({});
  const [errors, setErrors] = useState<RowErrors>({});
  const inputOf = (id: RaRecord['id']): RowInput => rows[String(id)] ?? EMPTY_ROW;
  const rowOf = (id: RaRecord['id']): Row => sentRow(inputOf(id));
  const backToOrders = () => navigate(routePath('order'));

  const ship = useActionMutation<number>(order, 'deliver', {
    onSuccess: async (count) => {
      notify('entity.oms.deliver_done', { type: 'success', messageArgs: { smart_count: count } });
      await queryClient.invalidateQueries();
      backToOrders();
    },
  });

  const put = (id: RaRecord['id'], name: keyof RowInput, value: string) => {
    setRows((current) => ({ ...current, [String(id)]: { ...inputOf(id), [name]: value } }));
    const param: ParamName = name === 'deliverySn' ? 'deliverySn' : 'deliveryCompany';
    setErrors((current) => ({ ...current, [String(id)]: { ...current[String(id)], [param]: undefined } }));
  };

  const confirm = () => {
    const found: RowErrors = {};
    for (const o of orders) {
      const result = validate(ROW_SCHEMA, rowOf(o.id), { fields: PARAMS });
      if (!result.ok) found[String(o.id)] = Object.fromEntries(result.errors.map((e) => [e.field, e]));
    }
    setErrors(found);
    if (Object.keys(found).length) return;
    ship.mutate({ ids: orders.map((o) => o.id), rows: Object.fromEntries(orders.map((o) => [String(o.id), rowOf(o.id)])) }, {
      // The server names the row by its place in the body (`1.deliverySn`): put it under that order's input.
      onError: (failure) => {
        if (!(failure instanceof ApiError)) return;
        const byRow: RowErrors = {};
        for (const e of failure.errors) {
          const [index, name] = e.field.split('.');
          const target = orders[Number(index)];
          if (target && PARAM_NAMES.includes(name as ParamName)) byRow[String(target.id)] = { ...byRow[String(target.id)], [name as ParamName]: e };
        }
        setErrors(byRow);
      },
    });
  };

  const isMobile = useIsMobile();
  const errorText = (e: FieldError | undefined) => (e ? translate(`errors.${e.messageKey}`, { _: e.message, ...e.params }) : undefined);

  /** A row's logistics company: the declared list (or "Other" and the typed name); `labelled` where no column head names it (a phone's card). */
  const companyInputs = (o: RaRecord, labelled: boolean) => {
    const row = inputOf(o.id);
    const isOther = row.choice === OTHER;
    const rowErrors = errors[String(o.id)] ?? {};
    const sn = String(o.orderSn);
    return (
      <>
        <MuiTextField
          select size="small" fullWidth value={row.choice} label={labelled ? translate('resources.order.actions.deliver.fields.deliveryCompany') : undefined}
          slotProps={{ htmlInput: { 'aria-label': `${translate('resources.order.actions.deliver.fields.deliveryCompany')} ${sn}` } }}
          onChange={(event) => put(o.id, 'choice', event.target.value)}
          error={!isOther && Boolean(rowErrors.deliveryCompany)} helperText={isOther ? undefined : errorText(rowErrors.deliveryCompany)}
        >
          {REGIONS.flatMap((region) => [
            <ListSubheader key={region}>{translate(`entity.oms.company_regions.${region}`)}</ListSubheader>,
            ...DELIVERY_COMPANIES.filter((c) => c.region === region)
              .map((c) => <MenuItem key={c.value} value={c.value}>{translate(`entity.oms.companies.${c.label}`)}</MenuItem>),
          ])}
          <MenuItem value={OTHER}>{translate('entity.oms.company_other')}</MenuItem>
        </MuiTextField>
        {/* "Other": the name as the shipper types it is what the order keeps (trimmed, checked by the declaration). */}
        {isOther && (
          <MuiTextField
            size="small" fullWidth value={row.otherName} sx={{ mt: 1 }} autoFocus
            placeholder={translate('entity.oms.company_other_name')}
            slotProps={{ htmlInput: { 'aria-label': `${translate('entity.oms.company_other_name')} ${sn}`, maxLength: DELIVERY_COMPANY_MAX } }}
            onChange={(event) => put(o.id, 'otherName', event.target.value)}
            error={Boolean(rowErrors.deliveryCompany)} helperText={errorText(rowErrors.deliveryCompany)}
          />
        )}
      </>
    );
  };
  /** A row's logistics number. */
  const snInput = (o: RaRecord, labelled: boolean) => {
    const row = inputOf(o.id);
    const rowErrors = errors[String(o.id)] ?? {};
    const sn = String(o.orderSn);
    return (
      <MuiTextField
        size="small" fullWidth value={row.deliverySn} label={labelled ? translate('resources.order.actions.deliver.fields.deliverySn') : undefined}
        slotProps={{ htmlInput: { 'aria-label': `${translate('resources.order.actions.deliver.fields.deliverySn')} ${sn}`, maxLength: 64 } }}
        onChange={(event) => put(o.id, 'deliverySn', event.target.value)}
        error={Boolean(rowErrors.deliverySn)} helperText={errorText(rowErrors.deliverySn)}
      />
    );
  };

  let body;
  if (!ids.length) body = <Alert severity="warning">{translate('errors.select_orders')}</Alert>;
  else if (isPending) body = <Loading />;
  else if (error) body = <Alert severity="error">{translate('errors.failed')}</Alert>;
  else if (!orders.length) body = <Alert severity="warning">{translate('errors.no_shippable_orders')}</Alert>;
  else {
    body = (
      <>
        <Typography color="text.secondary" sx={{ mb: 1 }}>{translate('entity.oms.deliver_hint')}</Typography>
        {leftOut > 0 && <Alert severity="info" sx={{ mb: 1 }}>{translate('entity.oms.deliver_left_out', { smart_count: leftOut })}</Alert>}
        {isMobile ? (
          // A phone gets one card per order, its inputs under the receiver: nothing starts off to the right.
          <Stack component="ul" spacing={1} aria-label={translate('menu.deliverOrderList')} sx={{ listStyle: 'none', p: 0, m: 0, mb: 2 }}>
            {orders.map((o) => (
              <Card key={o.id} component="li" variant="outlined" sx={{ p: 1.5 }}>
                <Typography fontWeight="medium">{translate(fieldLabelKey(order, 'orderSn'))} {String(o.orderSn)}</Typography>
                <Typography variant="body2">{String(o.receiverName ?? '')} · {String(o.receiverPhone ?? '')}</Typography>
                <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5, overflowWrap: 'anywhere' }}>{address(o)}</Typography>
                <Stack spacing={1.5}>
                  {companyInputs(o, true)}
                  {snInput(o, true)}
                </Stack>
              </Card>
            ))}
          </Stack>
        ) : (
        <TableContainer component={Paper} variant="outlined" sx={{ mb: 2 }}>
          <Table size="small" aria-label={translate('menu.deliverOrderList')}>
            <TableHead>
              <TableRow>
                <TableCell>{translate(fieldLabelKey(order, 'orderSn'))}</TableCell>
                <TableCell>{translate(fieldLabelKey(order, 'receiverName'))}</TableCell>
                <TableCell>{translate(fieldLabelKey(order, 'receiverPhone'))}</TableCell>
                <TableCell>{translate('entity.oms.deliver_address')}</TableCell>
                {PARAM_NAMES.map((name) => <TableCell key={name}>{translate(`resources.order.actions.deliver.fields.${name}`)}</TableCell>)}
              </TableRow>
            </TableHead>
            <TableBody>
              {orders.map((o) => {
                const sn = String(o.orderSn);
                return (
                  <TableRow key={o.id}>
                    <TableCell>{sn}</TableCell>
                    <TableCell>{String(o.receiverName ?? '')}</TableCell>
                    <TableCell>{String(o.receiverPhone ?? '')}</TableCell>
                    <TableCell sx={{ overflowWrap: 'anywhere' }}>{address(o)}</TableCell>
                    <TableCell sx={{ minWidth: 170 }}>{companyInputs(o, false)}</TableCell>
                    <TableCell sx={{ minWidth: 170 }}>{snInput(o, false)}</TableCell>
                  </TableRow>
                );
              })}
            </TableBody>
          </Table>
        </TableContainer>
        )}
      </>
    );
  }

  return (
    <>
      <ScreenHeading route="deliverOrderList" />
      <Stack sx={{ px: { xs: 1, sm: 2 }, pb: 2 }}>
        {body}
        <Stack direction="row" spacing={1}>
          {orders.length > 0 && <Button variant="contained" label="entity.oms.deliver_confirm" onClick={confirm} disabled={ship.isPending} />}
          <Button label="entity.oms.deliver_back" onClick={backToOrders} />
        </Stack>
      </Stack>
    </>
  );
};
