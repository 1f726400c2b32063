/**
 * The cashier balance list's own parts (`/oms/balanceList`), beside the generated list, create and
 * edit: the related orders of each balance (with "unbind" per order, after a confirmation) and a
 * "Bind orders" dialog: the shop's orders pending payment (searchable, from
 * `GET /balance/openOrders/{id}`), picked with an amount each, bound in one call (`POST
 * /balance/bind/{id}`). Amounts are checked with the declaration's own rule before sending; the
 * server's refusals ("exceed order amount", "exceed balance limit", `orders.2.amount`) land under
 * the row they name.
 */
import CancelIcon from '@mui/icons-material/Cancel';
import LinkIcon from '@mui/icons-material/Link';
import Alert from '@mui/material/Alert';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import MuiTextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { RaRecord } from 'react-admin';
import { Button, Confirm, useCanAccess, useNotify, useRecordContext, useTranslate } from 'react-admin';
import { useActionMutation, useActionQuery } from '../../engine/actionQueries';
import { useIntlLocale } from '../../engine/locale';
import { ApiError } from '../../providers/api';
import { actionOperation } from '../../schema/access';
import type { FieldError } from '../../schema/api';
import type { BoundOrder, OpenOrder } from '../../schema/cashier/entities';
import { balance } from '../../schema/cashier/entities';
import { formatMoney, fromCents, toCents } from '../../schema/engine/money';
import { fieldSchema, validate } from '../../schema/validation';
import { z } from 'zod';

/** The declared rule of one binding's amount (the server checks it again). */
const ROW_FIELDS = balance.actions!.bind.params.orders.children.fields;
const AMOUNT_RULE = fieldSchema(ROW_FIELDS.amount);
const AMOUNT_SCHEMA = z.object({ amount: AMOUNT_RULE });

const useMoney = () => {
  const locale = useIntlLocale();
  return (amount: number) => formatMoney(toCents(amount), locale);
};

const useCan = (name: string) => useCanAccess({ resource: balance.name, action: actionOperation(name) }).canAccess === true;

const errorText = (translate: ReturnType<typeof useTranslate>, e: FieldError | undefined) =>
  (e ? translate(`errors.${e.messageKey}`, { _: e.message, ...e.params }) : undefined);

/** The related orders of a balance: number and amount each, with "unbind" after a confirmation. */
export const RelatedOrdersCell = () => {
  const record = useRecordContext();
  const translate = useTranslate();
  const notify = useNotify();
  const money = useMoney();
  const queryClient = useQueryClient();
  const canUnbind = useCan('unbind');
  const [asked, setAsked] = useState<BoundOrder | null>(null);
  const unbind = useActionMutation(balance, 'unbind', {
    onSuccess: async () => {
      notify('entity.cashier.unbind_done', { type: 'success' });
      setAsked(null);
      await queryClient.invalidateQueries();
    },
    // httpClient's toast says why (an order that shipped keeps its payment).
    onError: () => setAsked(null),
  });
  const orders = (record?.orders ?? []) as BoundOrder[];
  if (!record) return null;
  if (!orders.length) return <Typography variant="body2" color="text.secondary">{translate('entity.cashier.no_orders')}</Typography>;
  return (
    <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 0.5 }} onClick={(event) => event.stopPropagation()}>
      {orders.map((o) => {
        const sn = o.orderSn ?? `#${o.orderId}`;
        const label = `${sn} · ${money(o.amount)}${o.paidOrder ? ` · ${translate('entity.cashier.paid_by_binding')}` : ''}`;
        return (
          <Chip
            key={o.orderId} size="small" variant="outlined" label={label} color={o.paidOrder ? 'success' : 'default'}
            {...(canUnbind ? { onDelete: () => setAsked(o), deleteIcon: <CancelIcon aria-label={translate('entity.cashier.unbind', { sn })} /> } : {})}
          />
        );
      })}
      {asked && (
        <Confirm
          isOpen loading={unbind.isPending}
          title="entity.cashier.unbind_confirm_title" titleTranslateOptions={{ sn: asked.orderSn ?? `#${asked.orderId}` }}
          content="entity.cashier.unbind_confirm" contentTranslateOptions={{ amount: money(asked.amount) }}
          onConfirm={() => unbind.mutate({ id: record.id, params: { orderId: asked.orderId } })}
          onClose={() => setAsked(null)}
        />
      )}
    </Stack>
  );
};

type Picked = { order: OpenOrder; amount: string };

/** The dialog: search the shop's orders pending payment, pick them with an amount each, bind them in one call. */
const BindDialog = ({ record, onClose }: { readonly record: RaRecord; readonly onClose: () => void }) => {
  const translate = useTranslate();
  const notify = useNotify();
  const money = useMoney();
  const queryClient = useQueryClient();
  const [keyword, setKeyword] = useState('');
  const [picked, setPicked] = useState<Picked[]>([]);
  const [errors, setErrors] = useState<Record<number, FieldError | undefined>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const search = useActionQuery<OpenOrder[]>(balance, { name: 'openOrders', id: record.id, params: { keyword: keyword.trim() } });
  const bind = useActionMutation(balance, 'bind', {
    onSuccess: async () => {
      notify('entity.cashier.bind_done', { type: 'success' });
      await queryClient.invalidateQueries();
      onClose();
    },
  });

  const open = fromCents(toCents(Number(record.amount)) - toCents(Number(record.boundAmount ?? 0)));
  const pickedCents = picked.reduce((sum, p) => sum + (AMOUNT_RULE.safeParse(Number(p.amount)).success ? toCents(Number(p.amount)) : 0), 0);
  const isPicked = (id: number) => picked.some((p) => p.order.id === id);
  const toggle = (order: OpenOrder) => {
    setFormError(null);
    setErrors((current) => ({ ...current, [order.id]: undefined }));
    if (isPicked(order.id)) {
      setPicked((current) => current.filter((p) => p.order.id !== order.id));
      return;
    }
    // What the balance still has, up to what the order still needs.
    const left = Math.max(0, toCents(open) - pickedCents);
    const amount = Math.min(toCents(order.openAmount), left);
    setPicked((current) => [...current, { order, amount: amount > 0 ? String(fromCents(amount)) : '' }]);
  };
  const setAmount = (id: number, amount: string) => {
    setPicked((current) => current.map((p) => (p.order.id === id ? { ...p, amount } : p)));
    setErrors((current) => ({ ...current, [id]: undefined }));
  };

  const submit = () => {
    if (!picked.length) {
      setFormError(translate('entity.cashier.bind_select'));
      return;
    }
    const found: Record<number, FieldError> = {};
    for (const p of picked) {
      const result = validate(AMOUNT_SCHEMA, { amount: p.amount === '' ? null : Number(p.amount) }, { fields: ROW_FIELDS });
      if (!result.ok && result.errors[0]) found[p.order.id] = result.errors[0];
    }
    setErrors(found);
    if (Object.keys(found).length) return;
    const rows = picked.map((p) => ({ orderId: p.order.id, amount: Number(p.amount) }));
    bind.mutate({ id: record.id, params: { orders: rows } }, {
      // The server names the row by its place in the body (`orders.1.amount`): put it under that order's amount.
      onError: (failure) => {
        if (!(failure instanceof ApiError)) return;
        const byRow: Record<number, FieldError> = {};
        for (const e of failure.errors) {
          const [, index] = e.field.split('.');
          const target = rows[Number(index)];
          if (target) byRow[target.orderId] = e;
          else setFormError(errorText(translate, e) ?? null);
        }
        setErrors(byRow);
      },
    });
  };

  // Picked orders stay on top whatever the search shows.
  const shown: OpenOrder[] = [...picked.map((p) => p.order), ...(search.data ?? []).filter((o) => !isPicked(o.id))];
  const title = translate('entity.cashier.bind_title', { id: String(record.id) });
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="md" aria-label={title} onClick={(event) => event.stopPropagation()}>
      <DialogTitle>{title}</DialogTitle>
      <DialogContent>
        <Typography color="text.secondary" sx={{ mb: 1 }}>
          {translate('entity.cashier.bind_summary', { amount: money(Number(record.amount)), bound: money(Number(record.boundAmount ?? 0)), open: money(open) })}
        </Typography>
        <MuiTextField
          size="small" fullWidth value={keyword} onChange={(event) => setKeyword(event.target.value)} sx={{ mb: 1 }}
          label={translate('entity.cashier.bind_search')} slotProps={{ htmlInput: { maxLength: 64 } }}
        />
        {formError && <Alert severity="warning" sx={{ mb: 1 }}>{formError}</Alert>}
        {!shown.length && !search.isPending && <Alert severity="info">{translate('entity.cashier.bind_none')}</Alert>}
        {shown.length > 0 && (
          <Table size="small" aria-label={translate('entity.cashier.bind')}>
            <TableHead>
              <TableRow>
                <TableCell padding="checkbox" />
                <TableCell>{translate('resources.order.fields.orderSn')}</TableCell>
                <TableCell>{translate('resources.order.fields.receiverName')}</TableCell>
                <TableCell>{translate('entity.cashier.order_open')}</TableCell>
                <TableCell sx={{ minWidth: 160 }}>{translate('entity.cashier.bind_amount')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {shown.map((o) => {
                const pick = picked.find((p) => p.order.id === o.id);
                return (
                  <TableRow key={o.id} selected={Boolean(pick)}>
                    <TableCell padding="checkbox">
                      <Checkbox checked={Boolean(pick)} onChange={() => toggle(o)}
                        slotProps={{ input: { 'aria-label': `${translate('entity.cashier.bind_pick')} ${o.orderSn}` } }} />
                    </TableCell>
                    <TableCell>{o.orderSn}</TableCell>
                    <TableCell>{[o.receiverName, o.memberUsername].filter(Boolean).join(' · ')}</TableCell>
                    <TableCell>{translate('entity.cashier.bind_order_open', { open: money(o.openAmount), pay: money(o.payAmount) })}</TableCell>
                    <TableCell>
                      {pick && (
                        <MuiTextField
                          size="small" fullWidth type="number" value={pick.amount} onChange={(event) => setAmount(o.id, event.target.value)}
                          error={Boolean(errors[o.id])} helperText={errorText(translate, errors[o.id])}
                          slotProps={{ htmlInput: { 'aria-label': `${translate('entity.cashier.bind_amount')} ${o.orderSn}`, min: 0.01, step: 0.01 } }}
                        />
                      )}
                    </TableCell>
                  </TableRow>
                );
              })}
            </TableBody>
          </Table>
        )}
        <Typography sx={{ mt: 1 }}>
          {translate('entity.cashier.bind_total', { total: money(fromCents(pickedCents)), left: money(fromCents(toCents(open) - pickedCents)) })}
        </Typography>
      </DialogContent>
      <DialogActions>
        <Button label="entity.cashier.cancel" onClick={onClose} />
        <Button variant="contained" label="entity.cashier.bind_submit" onClick={submit} disabled={bind.isPending} />
      </DialogActions>
    </Dialog>
  );
};

/** What is bound, and under it what is left of the balance. */
export const BoundAmountCell = () => {
  const record = useRecordContext();
  const translate = useTranslate();
  const money = useMoney();
  if (!record) return null;
  const open = fromCents(toCents(Number(record.amount)) - toCents(Number(record.boundAmount ?? 0)));
  return (
    <Stack>
      <span>{money(Number(record.boundAmount ?? 0))}</span>
      <Typography variant="caption" color={open > 0 ? 'success.main' : 'text.secondary'}>{translate('entity.cashier.open', { open: money(open) })}</Typography>
    </Stack>
  );
};

/** "Bind orders" on each balance row. */
export const BindOrdersButton = () => {
  const record = useRecordContext();
  const [open, setOpen] = useState(false);
  const canBind = useCan('bind');
  if (!record || !canBind) return null;
  return (
    <>
      <Button label="entity.cashier.bind" onClick={(event) => { event.stopPropagation(); setOpen(true); }}><LinkIcon /></Button>
      {open && <BindDialog record={record} onClose={() => setOpen(false)} />}
    </>
  );
};
