/**
 * The order's page (`/oms/order#show=<id>`; `mall`'s `/oms/orderDetail?id=` leads here): a custom
 * show view built from the engine's blocks (src/engine/blocks.ts). From the top: the progress by
 * status, the buttons its status allows (the declared row actions, close, ship, delete), basic
 * information, receiver, product lines (each changeable before shipping), fees, the logistics
 * timeline once shipped, the messages sent to the buyer and the operation history. What may be
 * done in which status is the declaration's (transitions and `inStates`); the server refuses the
 * rest whatever the page shows.
 */
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Step from '@mui/material/Step';
import StepLabel from '@mui/material/StepLabel';
import Stepper from '@mui/material/Stepper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { SxProps, Theme } from '@mui/material/styles';
import { useMemo } from 'react';
import type { RaRecord } from 'react-admin';
import { Loading, RecordContextProvider, useCanAccess, useGetList, useRecordContext, useTranslate } from 'react-admin';
import { useActionQuery } from '../../engine/actionQueries';
import type { ShowViewProps } from '../../engine/blocks';
import {
  ActionTrigger, BackToListButton, FieldValue, HistoryTable, RowActionButtons, ShowHeading, ShowLayout, ShowPanel, ShowRecord,
  enumLabelKey, fieldDisplay, fieldLabelKey,
} from '../../engine/blocks';
import { useIntlLocale } from '../../engine/locale';
import { childEntityOf, transitionAllows } from '../../schema/engine/entity';
import type { Entity } from '../../schema/engine/entity';
import { formatMoney, multiplyCents, sumCents, toCents } from '../../schema/engine/money';
import { ORDER_STATUS, ORDER_STATUSES, orderMessage } from '../../schema/oms/entities';
import { DeliveryCompanyCell, deliveryCompanyText, OrderRowButtons } from './orderList';
import { ProductAttrCell } from './productAttr';

/** Fields the page shows otherwise than as stored: a listed logistics company by its name in the reader's language. */
const SHOW_CELLS = { deliveryCompany: DeliveryCompanyCell } as const;

const BASIC = [
  'orderSn', 'shopId', 'memberUsername', 'status', 'payStatus', 'deliveryStatus', 'createTime', 'payType', 'paymentTime', 'sourceType', 'orderType',
  'deliveryCompany', 'deliverySn', 'deliveryTime', 'receiveTime', 'autoConfirmDay', 'integration', 'growth', 'promotionInfo', 'note',
] as const;
const RECEIVER = [
  'receiverName', 'receiverPhone', 'receiverPostCode', 'receiverCountry', 'receiverProvince', 'receiverCity', 'receiverRegion', 'receiverDetailAddress',
] as const;
const FEES = ['totalAmount', 'freightAmount', 'couponAmount', 'integrationAmount', 'promotionAmount', 'discountAmount', 'payAmount', 'refundAmount'] as const;

const grid = { display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', md: '1fr 1fr 1fr' }, columnGap: 3 } as const;

/** The steps an order goes through, each with the time it was reached. */
const STEPS = [
  { key: 'step_submitted', time: 'createTime', reached: ORDER_STATUS.pendingPayment },
  { key: 'step_paid', time: 'paymentTime', reached: ORDER_STATUS.pendingShipment },
  { key: 'step_shipped', time: 'deliveryTime', reached: ORDER_STATUS.shipped },
  { key: 'step_received', time: 'receiveTime', reached: ORDER_STATUS.completed },
] as const;

/** How far along the steps a status is (closed and invalid orders stopped after submission). */
const activeStep = (status: number): number =>
  (status === ORDER_STATUS.closed || status === ORDER_STATUS.invalid ? 1 : Math.min(status + 1, STEPS.length));

const Progress = ({ entity }: { readonly entity: Entity }) => {
  const translate = useTranslate();
  const locale = useIntlLocale();
  const record = useRecordContext();
  if (!record) return null;
  const status = Number(record.status);
  const ended = status === ORDER_STATUS.closed || status === ORDER_STATUS.invalid;
  const option = ORDER_STATUSES.find((s) => s.value === status);
  return (
    <ShowPanel title={translate('entity.oms.progress')}>
      <Stepper activeStep={activeStep(status)} alternativeLabel aria-label={translate('entity.oms.progress')}>
        {STEPS.map((step) => {
          const time = record[step.time];
          return (
            <Step key={step.key}>
              <StepLabel optional={time ? <Typography variant="caption">{new Date(String(time)).toLocaleString(locale)}</Typography> : undefined}>
                {translate(`entity.oms.${step.key}`)}
              </StepLabel>
            </Step>
          );
        })}
      </Stepper>
      {ended && option && (
        <Alert severity="warning" sx={{ mt: 2 }}>{translate('entity.oms.ended', { status: translate(enumLabelKey(entity, 'status', option)) })}</Alert>
      )}
    </ShowPanel>
  );
};

/** The page's buttons: back, the declared row actions its status allows, then close, ship, track and delete as on the list row. */
const Actions = ({ entity }: { readonly entity: Entity }) => (
  <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center', mb: 2 }} role="toolbar">
    <BackToListButton />
    <RowActionButtons entity={entity} />
    <OrderRowButtons entity={entity} onDetail />
  </Box>
);

const Fields = ({ entity, names, title }: { readonly entity: Entity; readonly names: readonly string[]; readonly title: string }) => (
  <ShowPanel title={title}>
    <Box sx={grid}>{names.map((name) => <FieldValue key={name} entity={entity} name={name} cells={SHOW_CELLS} />)}</Box>
  </ShowPanel>
);

const LINE_FIELDS = ['productPic', 'productName', 'productBrand', 'productSkuCode', 'productPrice', 'productQuantity'] as const;

/** The product lines: the engine's displays per cell, the attributes read, the subtotal; a line's change before shipping. */
const Lines = ({ entity }: { readonly entity: Entity }) => {
  const translate = useTranslate();
  const locale = useIntlLocale();
  const record = useRecordContext();
  const rowEntity = useMemo(() => childEntityOf(entity, 'orderItemList'), [entity]);
  if (!record) return null;
  const rows = Array.isArray(record.orderItemList) ? record.orderItemList as RaRecord[] : [];
  const editable = transitionAllows(entity, 'updateItem', record);
  const subtotal = (row: RaRecord) => multiplyCents(toCents(Number(row.productPrice)), Number(row.productQuantity));
  return (
    <ShowPanel title={translate('entity.oms.lines')}>
      {rows.length === 0 ? <Typography variant="body2" color="text.secondary">{translate('entity.show.no_rows')}</Typography> : (
        <Box sx={{ width: '100%', overflowX: 'auto' }}>
          <Table size="small" aria-label={translate('entity.oms.lines')}>
            <TableHead>
              <TableRow>
                {LINE_FIELDS.map((field) => <TableCell key={field}>{translate(fieldLabelKey(rowEntity, field))}</TableCell>)}
                <TableCell>{translate(fieldLabelKey(rowEntity, 'productAttr'))}</TableCell>
                <TableCell align="right">{translate('entity.oms.line_subtotal')}</TableCell>
                {editable && <TableCell />}
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((row) => (
                <RecordContextProvider key={String(row.id)} value={row}>
                  <TableRow>
                    {LINE_FIELDS.map((field) => <TableCell key={field}>{fieldDisplay(rowEntity, field, rowEntity.fields[field]!)}</TableCell>)}
                    <TableCell><ProductAttrCell name="productAttr" /></TableCell>
                    <TableCell align="right">{formatMoney(subtotal(row), locale)}</TableCell>
                    {editable && (
                      <TableCell>
                        {/* The order is the target; the line is fixed, its quantity and price start from the line's. */}
                        <RecordContextProvider value={record}>
                          <ActionTrigger entity={entity} name="updateItem" target={{ id: record.id, label: String(row.productName) }}
                            fixed={{ itemId: row.id }} initial={{ productQuantity: row.productQuantity, productPrice: row.productPrice }} />
                        </RecordContextProvider>
                      </TableCell>
                    )}
                  </TableRow>
                </RecordContextProvider>
              ))}
            </TableBody>
          </Table>
          <Typography variant="body2" sx={{ mt: 1, textAlign: 'right' }}>
            {translate('entity.oms.lines_total', { amount: formatMoney(sumCents(rows.map(subtotal)), locale) })}
          </Typography>
        </Box>
      )}
    </ShowPanel>
  );
};

type TrackEvent = {
  readonly id: number; readonly time: string; readonly status: number; readonly note: string | null; readonly operator: string | null;
  /** A note the server wrote (ORDER_HISTORY_NOTES), shown in the reader's language. */
  readonly noteKey?: string | null; readonly noteParams?: Readonly<Record<string, unknown>> | null;
};
/** An event the carrier reported (server/areas/oms/tracking.ts), in the carrier's own words. */
type CarrierEvent = { readonly id: number; readonly time: string; readonly status: string; readonly description: string; readonly location: string | null };
type Tracking = {
  readonly deliveryCompany: string | null; readonly deliverySn: string | null; readonly events: readonly TrackEvent[];
  readonly carrierEvents?: readonly CarrierEvent[];
};

/**
 * How often an open order page asks for new carrier events, so tracking advances without a reload.
 * One indexed read per open shipped order; short enough that a person watching sees an event within
 * seconds of the tracking job recording it.
 */
const TRACK_REFRESH_MS = 10_000;

/**
 * The logistics timeline (`GET /order/track/{id}`): the order's own shipping history and the
 * carrier's events side by side in one list by time, each saying where it comes from.
 */
const Track = ({ entity }: { readonly entity: Entity }) => {
  const translate = useTranslate();
  const locale = useIntlLocale();
  const record = useRecordContext();
  const trackable = record ? transitionAllows(entity, 'track', record) : false;
  const { data, isPending } = useActionQuery<Tracking>(entity, { name: 'track', id: record?.id }, {
    enabled: Boolean(record && trackable), refetchInterval: record?.status === ORDER_STATUS.shipped ? TRACK_REFRESH_MS : false,
  });
  if (!record || !trackable) return null;
  const statusLabel = (value: number) => {
    const option = ORDER_STATUSES.find((s) => s.value === value);
    return option ? translate(enumLabelKey(entity, 'status', option)) : String(value);
  };
  const rows = [
    ...(data?.events ?? []).map((event) => ({
      key: `h${event.id}`, time: event.time,
      text: `${statusLabel(event.status)}${event.status === ORDER_STATUS.shipped && data?.deliveryCompany ? ` · ${deliveryCompanyText(translate, data.deliveryCompany)} ${data.deliverySn ?? ''}` : ''}${
        event.noteKey ? ` · ${translate(`resources.orderOperateHistory.notes.${event.noteKey}`, { ...event.noteParams, _: event.note })}` : event.note ? ` · ${event.note}` : ''}`,
    })),
    ...(data?.carrierEvents ?? []).map((event) => ({
      key: `c${event.id}`, time: event.time,
      text: `${translate('entity.oms.track_carrier')}: ${translate(`entity.oms.carrier_status.${event.status}`, { _: event.status })} · ${event.description}${event.location ? ` (${event.location})` : ''}`,
    })),
  ].sort((a, b) => a.time.localeCompare(b.time) || a.key.localeCompare(b.key));
  return (
    <ShowPanel title={translate('entity.oms.track')}>
      <Typography variant="body2" color="text.secondary" gutterBottom>{translate('entity.oms.track_source')}</Typography>
      {isPending ? <Loading /> : rows.length === 0
        ? <Typography variant="body2">{translate('entity.oms.track_empty')}</Typography>
        : (
          <Box component="ol" aria-label={translate('entity.oms.track')} sx={{ pl: 3, m: 0 }}>
            {rows.map((row) => (
              <li key={row.key}>
                <Typography variant="body2">{new Date(row.time).toLocaleString(locale)} · {row.text}</Typography>
              </li>
            ))}
          </Box>
        )}
    </ShowPanel>
  );
};

const MESSAGE_ROWS = 50;
/** The message's own text takes the room; the kind and delivery chips never break a word. */
const MESSAGE_CELL: Readonly<Record<string, SxProps<Theme>>> = {
  kind: { '& .MuiChip-label': { whiteSpace: 'nowrap' } }, deliveryState: { '& .MuiChip-label': { whiteSpace: 'nowrap' } },
  content: { minWidth: 200 }, recipient: { overflowWrap: 'anywhere' },
};

/**
 * The messages to the buyer (a person's and the shipped and refund notices), newest first, each
 * with its mail's delivery: queued, sent, or failed with the mail server's reason.
 */
const Messages = () => {
  const translate = useTranslate();
  const record = useRecordContext();
  const { canAccess } = useCanAccess({ resource: orderMessage.name, action: 'list' });
  const { data = [], isPending } = useGetList(orderMessage.name, {
    filter: { orderId: record?.id }, pagination: { page: 1, perPage: MESSAGE_ROWS }, sort: { field: 'id', order: 'DESC' },
  }, { enabled: Boolean(record && canAccess) });
  if (!record || !canAccess) return null;
  const entity = orderMessage as unknown as Entity;
  const columns = ['createTime', 'kind', 'operatorId', 'recipient', 'content', 'deliveryState'] as const;
  return (
    <ShowPanel title={translate('entity.oms.messages')}>
      {isPending ? <Loading /> : data.length === 0
        ? <Typography variant="body2" color="text.secondary">{translate('entity.oms.no_messages')}</Typography>
        : (
          // Wider than a phone: the table scrolls inside its panel, the page never does; a chip keeps its words on one line.
          <Box sx={{ width: '100%', overflowX: 'auto' }}>
          <Table size="small" aria-label={translate('entity.oms.messages')}>
            <TableHead>
              <TableRow>{columns.map((field) => <TableCell key={field}>{translate(fieldLabelKey(entity, field))}</TableCell>)}</TableRow>
            </TableHead>
            <TableBody>
              {data.map((row) => (
                <RecordContextProvider key={String(row.id)} value={row}>
                  <TableRow>
                    {columns.map((field) => (
                      <TableCell key={field} sx={MESSAGE_CELL[field]}>
                        {fieldDisplay(entity, field, entity.fields[field]!)}
                        {field === 'deliveryState' && row.deliveryError ? (
                          <Typography variant="caption" color="error" display="block">
                            {translate(fieldLabelKey(entity, 'deliveryError'))}: {String(row.deliveryError)}
                          </Typography>
                        ) : null}
                      </TableCell>
                    ))}
                  </TableRow>
                </RecordContextProvider>
              ))}
            </TableBody>
          </Table>
          </Box>
        )}
    </ShowPanel>
  );
};

export const OrderShow = ({ entity, id }: ShowViewProps) => {
  const translate = useTranslate();
  return (
    <ShowRecord entity={entity} id={id}>
      <ShowHeading entity={entity} />
      <ShowLayout>
        <Actions entity={entity} />
        <Progress entity={entity} />
        <Fields entity={entity} names={BASIC} title={translate('entity.oms.basic')} />
        <Fields entity={entity} names={RECEIVER} title={translate(`resources.${entity.name}.sections.receiver`)} />
        <Lines entity={entity} />
        <Fields entity={entity} names={FEES} title={translate('entity.oms.fees')} />
        <Track entity={entity} />
        <Messages />
        <HistoryTable entity={entity} />
      </ShowLayout>
    </ShowRecord>
  );
};
