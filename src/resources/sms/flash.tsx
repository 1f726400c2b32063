/**
 * Flash sales' screens beyond the generated lists (src/schema/sms/flash.ts), as `mall`'s admin has
 * them: the sale list links each sale to "set sessions"; `/sms/selectSession?flashPromotionId=`
 * lists the enabled sessions with their product counts in that sale; `/sms/flashProductRelation`
 * (sale and session in the query) lists the session's products, adds several at once from a
 * product picker (name, SN, brand), shows each product's price, stock and sale state as they are
 * now (a product that left sale stands out), and edits the rows' flash price, count, per-buyer limit and
 * sort in place, saved together. Labels come from the declarations; refusals show under the cell they name.
 */
import DeleteIcon from '@mui/icons-material/Delete';
import SaveIcon from '@mui/icons-material/Save';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
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
import type { Theme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import type { ReactElement } from 'react';
import { useState } from 'react';
import type { RaRecord } from 'react-admin';
import { Button, Confirm, useDataProvider, useGetList, useGetOne, useNotify, useTranslate } from 'react-admin';
import { useLocation } from 'react-router-dom';
import { useActionQuery } from '../../engine/actionQueries';
import { enumLabelKey, fieldLabelKey } from '../../engine/labels';
import { useIntlLocale } from '../../engine/locale';
import { LinkButton } from '../../engine/LinkButton';
import { routePath, withQuery } from '../../engine/routing';
import { PageFrame } from '../../ui/PageFrame';
import { ApiError } from '../../providers/api';
import { product } from '../../schema/pms/product';
import { formatMoney, toCents } from '../../schema/engine/money';
import { useIsMobile } from '../../theme/useIsMobile';
import { flashProductRelation, flashPromotion, flashSession } from '../../schema/sms/flash';
import { timeOfDay } from '../../schema/engine/kinds';
import { FlashClockNote } from './flashSale';
import type { SaleState } from '../../schema/sms/saleState';
import { SALE_STATES } from '../../schema/sms/saleState';

type Row = RaRecord & {
  productId: number; flashPromotionPrice: number | null; flashPromotionCount: number | null; flashPromotionLimit: number | null; sort: number;
  product: { id: number; name: string; productSn: string; price: number; stock: number } | null;
  /** Read from the product with the row (null when it is gone): what it costs and holds now, and whether it is still for sale. */
  productPrice: number | null; productStock: number | null; productSaleState: SaleState | null;
};
type Session = RaRecord & { name: string; startTime: string; endTime: string; productCount: number };

/** The numbers a row edits, in the order of its cells. */
const EDITED = ['flashPromotionPrice', 'flashPromotionCount', 'flashPromotionLimit', 'sort'] as const;

const queryNumber = (search: string, name: string): number => Number(new URLSearchParams(search).get(name) ?? 0);

/** A refusal's field errors by field (`0.productId` named by the field alone), in the reader's language. */
const errorsOf = (error: unknown, translate: (key: string, options?: object) => string): Record<string, string> =>
  error instanceof ApiError
    ? Object.fromEntries(error.errors.map((e) => [e.field.replace(/^\d+\./, ''), translate(`errors.${e.messageKey}`, { ...e.params, _: e.message })]))
    : {};

/** `/sms/selectSession?flashPromotionId=`: the enabled sessions, each with its products in the sale. */
export const SelectSessionScreen = (): ReactElement => {
  const translate = useTranslate();
  const saleId = queryNumber(useLocation().search, 'flashPromotionId');
  const sale = useGetOne(flashPromotion.name, { id: saleId }, { enabled: saleId > 0 });
  const sessions = useActionQuery<Session[]>(flashSession, { name: 'selectList', params: { flashPromotionId: saleId } }, { enabled: saleId > 0 });
  const label = (name: string) => translate(fieldLabelKey(flashSession, name));
  return (
    <PageFrame title={translate('menu.selectSession')}>
      <Typography variant="subtitle1" sx={{ mb: 1 }}>{translate('flashSale.selectSessionTitle', { title: sale.data?.title ?? '' })}</Typography>
      <FlashClockNote />
      <TableContainer component={Paper} variant="outlined">
        <Table size="small" aria-label={translate('flashSale.selectSessionTitle', { title: sale.data?.title ?? '' })}>
          <TableHead>
            <TableRow>
              <TableCell>{label('name')}</TableCell>
              <TableCell>{label('startTime')}</TableCell>
              <TableCell>{label('endTime')}</TableCell>
              <TableCell align="right">{translate('flashSale.productCount')}</TableCell>
              <TableCell />
            </TableRow>
          </TableHead>
          <TableBody>
            {(sessions.data ?? []).map((session) => (
              <TableRow key={session.id}>
                <TableCell>{session.name}</TableCell>
                <TableCell>{timeOfDay(session.startTime)}</TableCell>
                <TableCell>{timeOfDay(session.endTime)}</TableCell>
                <TableCell align="right">{session.productCount}</TableCell>
                <TableCell align="right">
                  <LinkButton label="flashSale.products" to={withQuery(routePath('flashProductRelation'), { flashPromotionId: saleId, flashPromotionSessionId: session.id })} />
                </TableCell>
              </TableRow>
            ))}
            {sessions.data?.length === 0 && (
              <TableRow><TableCell colSpan={5}>{translate('flashSale.noSessions')}</TableCell></TableRow>
            )}
          </TableBody>
        </Table>
      </TableContainer>
    </PageFrame>
  );
};

/** The numbers of a row as its inputs hold them: prices with their two decimals ("110.30"), counts as they are. */
const shownValues = (row: Row): Record<string, string> => Object.fromEntries(EDITED.map((name) => {
  const value = row[name];
  if (value === null || value === undefined) return [name, ''];
  return [name, name === 'flashPromotionPrice' ? Number(value).toFixed(2) : String(value)];
}));

/** What a row's inputs hold differs from what is stored (compared as numbers: "110.30" is 110.3). */
const rowChanged = (row: Row, values: Readonly<Record<string, string>> | undefined): boolean =>
  values !== undefined && EDITED.some((name) => {
    const stored = row[name];
    const typed = values[name] ?? '';
    return typed === '' ? stored !== null && stored !== undefined : Number(typed) !== Number(stored);
  });

type RowProps = {
  readonly row: Row;
  readonly values: Readonly<Record<string, string>>;
  readonly errors: Readonly<Record<string, string>>;
  readonly changed: boolean;
  readonly onEdit: (field: string, value: string) => void;
  readonly onDelete: () => void;
};

const INPUT_WIDTH: Readonly<Record<string, number>> = { flashPromotionPrice: 130, flashPromotionCount: 100, flashPromotionLimit: 100, sort: 90 };

/** One number of a row: labelled with the field and the product, its refusal under it. */
const RowInput = ({ row, field, values, errors, onEdit, withLabel }: RowProps & { readonly field: string; readonly withLabel: boolean }) => {
  const translate = useTranslate();
  const label = translate(fieldLabelKey(flashProductRelation, field));
  const name = row.product?.name ?? String(row.productId);
  return (
    <MuiTextField
      size="small" type="number" value={values[field] ?? ''} label={withLabel ? label : undefined} fullWidth={withLabel}
      onChange={(event) => onEdit(field, event.target.value)}
      error={Boolean(errors[field])} helperText={errors[field]}
      sx={withLabel ? undefined : { width: INPUT_WIDTH[field] }}
      slotProps={{ htmlInput: { 'aria-label': `${label} · ${name}`, step: field === 'flashPromotionPrice' ? 0.01 : 1, min: 0 } }}
    />
  );
};

const DeleteRowButton = ({ row, onDelete }: Pick<RowProps, 'row' | 'onDelete'>) => {
  const translate = useTranslate();
  const name = row.product?.name ?? String(row.productId);
  return (
    <Button label="ra.action.delete" color="error" onClick={onDelete} aria-label={`${translate('ra.action.delete')} · ${name}`}>
      <DeleteIcon />
    </Button>
  );
};

/**
 * The row's delete, first and sticky at the table box's left edge as in the engine's lists: at rest
 * it has its own place and covers nothing (last, it started half out of view at 1366 px with the
 * menu open); only cells scrolled away to the left pass under it, hence the paper's colour.
 */
const ACTIONS_SX = {
  position: 'sticky', left: 0, zIndex: 1, whiteSpace: 'nowrap', bgcolor: 'background.paper',
  boxShadow: (theme: Theme) => `inset -1px 0 0 ${theme.palette.divider}`,
} as const;

/** The product's sale state, in the error colour when it is not for sale (an operator should take it out or put it back on sale). */
const SaleStateText = ({ state }: { readonly state: SaleState | null }): ReactElement | null => {
  const translate = useTranslate();
  const option = SALE_STATES.find((o) => o.value === state);
  if (!option) return null;
  return (
    <Typography component="span" variant="body2" color={state === 'forSale' ? undefined : 'error'}>
      {translate(enumLabelKey(flashProductRelation, 'productSaleState', option))}
    </Typography>
  );
};

/** One product of the session in the table: its numbers edited in place (saved with the table's other changes). */
const RelationRow = (props: RowProps): ReactElement => {
  const locale = useIntlLocale();
  const { row, changed } = props;
  return (
    <TableRow selected={changed}>
      <TableCell sx={ACTIONS_SX}><DeleteRowButton row={row} onDelete={props.onDelete} /></TableCell>
      <TableCell>{row.product?.name ?? row.productId}</TableCell>
      <TableCell>{row.product?.productSn}</TableCell>
      <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>{row.productPrice === null ? '' : formatMoney(toCents(row.productPrice), locale)}</TableCell>
      <TableCell align="right">{row.productStock}</TableCell>
      <TableCell sx={{ whiteSpace: 'nowrap' }}><SaleStateText state={row.productSaleState} /></TableCell>
      {EDITED.map((field) => <TableCell key={field}><RowInput {...props} field={field} withLabel={false} /></TableCell>)}
    </TableRow>
  );
};

/** One product of the session on a phone: a card with its product, its four numbers one under another, and its delete. */
const RelationCard = (props: RowProps): ReactElement => {
  const translate = useTranslate();
  const locale = useIntlLocale();
  const { row, changed } = props;
  return (
    <Card variant="outlined" component="li" sx={{ p: 1.5, bgcolor: changed ? 'action.selected' : undefined }}>
      <Typography fontWeight="medium">{row.product?.name ?? row.productId}</Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {row.product && row.productPrice !== null ? `${row.product.productSn} · ${formatMoney(toCents(row.productPrice), locale)} · ${translate(fieldLabelKey(product, 'stock'))} ${row.productStock ?? ''} · ` : ''}
        <SaleStateText state={row.productSaleState} />
      </Typography>
      <Box sx={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 1 }}>
        {EDITED.map((field) => <RowInput key={field} {...props} field={field} withLabel />)}
      </Box>
      <Box sx={{ mt: 1 }}><DeleteRowButton row={row} onDelete={props.onDelete} /></Box>
    </Card>
  );
};

/** Products picked by name, SN or brand, several at once (those already in the session cannot be picked again). */
const ProductPicker = ({ taken, onClose, onPicked }: {
  readonly taken: ReadonlySet<number>; readonly onClose: () => void; readonly onPicked: (ids: number[]) => Promise<string | null>;
}): ReactElement => {
  const translate = useTranslate();
  const [keyword, setKeyword] = useState('');
  const [productSn, setProductSn] = useState('');
  const [brandId, setBrandId] = useState<number | ''>('');
  const [picked, setPicked] = useState<number[]>([]);
  const [error, setError] = useState<string | null>(null);
  const brands = useGetList('brand', { pagination: { page: 1, perPage: 100 }, sort: { field: 'sort', order: 'DESC' } });
  const found = useGetList<RaRecord>(product.name, {
    pagination: { page: 1, perPage: 10 }, sort: { field: 'id', order: 'DESC' },
    filter: { keyword: keyword.trim(), productSn: productSn.trim(), brandId },
  });
  const toggle = (id: number) => setPicked((current) => (current.includes(id) ? current.filter((x) => x !== id) : [...current, id]));
  const label = (name: string) => translate(fieldLabelKey(product, name));
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="md">
      <DialogTitle>{translate('flashSale.addProducts')}</DialogTitle>
      <DialogContent>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ my: 1 }}>
          <MuiTextField size="small" label={label('name')} value={keyword} onChange={(event) => setKeyword(event.target.value)} />
          <MuiTextField size="small" label={label('productSn')} value={productSn} onChange={(event) => setProductSn(event.target.value)} />
          <MuiTextField select size="small" label={label('brandId')} value={brandId} sx={{ minWidth: 180 }}
            onChange={(event) => setBrandId(event.target.value === '' ? '' : Number(event.target.value))}>
            <MenuItem value="">{translate('flashSale.anyBrand')}</MenuItem>
            {(brands.data ?? []).map((brand) => <MenuItem key={brand.id} value={brand.id}>{String(brand.name)}</MenuItem>)}
          </MuiTextField>
        </Stack>
        <Table size="small">
          <TableHead>
            <TableRow>
              <TableCell padding="checkbox" />
              <TableCell>{label('name')}</TableCell>
              <TableCell>{label('productSn')}</TableCell>
              <TableCell>{label('brandId')}</TableCell>
              <TableCell align="right">{label('price')}</TableCell>
              <TableCell align="right">{label('stock')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {(found.data ?? []).map((item) => (
              <TableRow key={item.id} hover onClick={() => !taken.has(Number(item.id)) && toggle(Number(item.id))}>
                <TableCell padding="checkbox">
                  <Checkbox
                    checked={taken.has(Number(item.id)) || picked.includes(Number(item.id))} disabled={taken.has(Number(item.id))}
                    slotProps={{ input: { 'aria-label': String(item.name) } }}
                  />
                </TableCell>
                <TableCell>{String(item.name)}</TableCell>
                <TableCell>{String(item.productSn)}</TableCell>
                <TableCell>{String(item.brandName ?? '')}</TableCell>
                <TableCell align="right">{String(item.price)}</TableCell>
                <TableCell align="right">{String(item.stock)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
        {error && <Typography color="error" role="alert" sx={{ mt: 1 }}>{error}</Typography>}
      </DialogContent>
      <DialogActions>
        <Button label="ra.action.cancel" onClick={onClose} />
        <Button
          label="flashSale.addPicked" disabled={picked.length === 0}
          onClick={() => void onPicked(picked).then((refusal) => (refusal ? setError(refusal) : onClose()))}
        />
      </DialogActions>
    </Dialog>
  );
};

/**
 * `/sms/flashProductRelation?flashPromotionId=&flashPromotionSessionId=`: the products of one session
 * of one sale. Every row's numbers are edited in place and saved together by one "Save changes"
 * (each changed row in turn; a refused row keeps its typed values and shows why under the cell, the
 * others are saved); removing a product asks first. On a phone the rows are cards, their inputs one
 * under another, so nothing starts off to the right.
 */
export const FlashProductsScreen = (): ReactElement => {
  const translate = useTranslate();
  const dataProvider = useDataProvider();
  const notify = useNotify();
  const isMobile = useIsMobile();
  const { search } = useLocation();
  const saleId = queryNumber(search, 'flashPromotionId');
  const sessionId = queryNumber(search, 'flashPromotionSessionId');
  const [picking, setPicking] = useState(false);
  const [edits, setEdits] = useState<Record<string, Record<string, string>>>({});
  const [errors, setErrors] = useState<Record<string, Record<string, string>>>({});
  const [saving, setSaving] = useState(false);
  const [deleting, setDeleting] = useState<Row | null>(null);
  const sale = useGetOne(flashPromotion.name, { id: saleId }, { enabled: saleId > 0 });
  const session = useGetOne(flashSession.name, { id: sessionId }, { enabled: sessionId > 0 });
  const rows = useGetList<Row>(flashProductRelation.name, {
    pagination: { page: 1, perPage: 100 }, sort: { field: 'sort', order: 'DESC' },
    filter: { flashPromotionId: saleId, flashPromotionSessionId: sessionId },
  }, { enabled: saleId > 0 && sessionId > 0 });
  const label = (name: string) => translate(fieldLabelKey(flashProductRelation, name));
  const title = translate('flashSale.productsTitle', { title: sale.data?.title ?? '', session: session.data?.name ?? '' });
  const list = rows.data ?? [];
  const valuesOf = (row: Row) => edits[String(row.id)] ?? shownValues(row);
  const changedRows = list.filter((row) => rowChanged(row, edits[String(row.id)]));
  const edit = (row: Row) => (field: string, value: string) =>
    setEdits((current) => ({ ...current, [String(row.id)]: { ...(current[String(row.id)] ?? shownValues(row)), [field]: value } }));
  const add = async (ids: number[]): Promise<string | null> => {
    try {
      await dataProvider.create(flashProductRelation.name, { data: { flashPromotionId: saleId, flashPromotionSessionId: sessionId, productId: ids } });
      await rows.refetch();
      return null;
    } catch (error) {
      return Object.values(errorsOf(error, translate))[0] ?? translate('flashSale.addFailed');
    }
  };
  const saveAll = async () => {
    setSaving(true);
    const refused: Record<string, Record<string, string>> = {};
    let saved = 0;
    for (const row of changedRows) {
      const values = valuesOf(row);
      const data = Object.fromEntries(EDITED.map((field) => [field, values[field] === '' ? null : Number(values[field])]));
      try {
        await dataProvider.update(flashProductRelation.name, { id: row.id, data, previousData: row });
        saved += 1;
      } catch (error) {
        refused[String(row.id)] = errorsOf(error, translate);
      }
    }
    // Saved rows show what the server holds again; refused ones keep what was typed.
    setEdits((current) => Object.fromEntries(Object.entries(current).filter(([id]) => refused[id])));
    setErrors(refused);
    setSaving(false);
    if (saved > 0) notify('flashSale.savedRows', { type: 'success', messageArgs: { smart_count: saved } });
    await rows.refetch();
  };
  const remove = async (row: Row) => {
    await dataProvider.delete(flashProductRelation.name, { id: row.id, previousData: row });
    setEdits((current) => Object.fromEntries(Object.entries(current).filter(([id]) => id !== String(row.id))));
    setDeleting(null);
    await rows.refetch();
  };
  const rowProps = (row: Row): RowProps => ({
    row, values: valuesOf(row), errors: errors[String(row.id)] ?? {}, changed: rowChanged(row, edits[String(row.id)]),
    onEdit: edit(row), onDelete: () => setDeleting(row),
  });
  return (
    <PageFrame title={translate('menu.flashProductRelation')}>
      <Typography variant="subtitle1" sx={{ mb: 1 }}>{title}</Typography>
      <Stack direction="row" spacing={1} useFlexGap sx={{ mb: 1, flexWrap: 'wrap' }}>
        <Button label="flashSale.saveChanges" variant="contained" disabled={changedRows.length === 0 || saving} onClick={() => void saveAll()}>
          <SaveIcon />
        </Button>
        <Button label="flashSale.addProducts" variant="outlined" onClick={() => setPicking(true)} />
        <LinkButton label="flashSale.backToSessions" to={withQuery(routePath('selectSession'), { flashPromotionId: saleId })} />
      </Stack>
      {isMobile ? (
        <Stack component="ul" spacing={1} aria-label={title} sx={{ listStyle: 'none', p: 0, m: 0 }}>
          {list.map((row) => <RelationCard key={row.id} {...rowProps(row)} />)}
          {rows.data?.length === 0 && <Typography component="li">{translate('flashSale.noProducts')}</Typography>}
        </Stack>
      ) : (
        <TableContainer component={Paper} variant="outlined">
          <Table size="small" aria-label={title}>
            <TableHead>
              <TableRow>
                <TableCell sx={ACTIONS_SX}>{translate('entity.actions')}</TableCell>
                <TableCell>{label('productName')}</TableCell>
                <TableCell>{translate(fieldLabelKey(product, 'productSn'))}</TableCell>
                <TableCell align="right">{translate(fieldLabelKey(product, 'price'))}</TableCell>
                <TableCell align="right">{translate(fieldLabelKey(product, 'stock'))}</TableCell>
                <TableCell>{label('productSaleState')}</TableCell>
                {EDITED.map((field) => <TableCell key={field}>{label(field)}</TableCell>)}
              </TableRow>
            </TableHead>
            <TableBody>
              {list.map((row) => <RelationRow key={row.id} {...rowProps(row)} />)}
              {rows.data?.length === 0 && (
                <TableRow><TableCell colSpan={10}>{translate('flashSale.noProducts')}</TableCell></TableRow>
              )}
            </TableBody>
          </Table>
        </TableContainer>
      )}
      {picking && <ProductPicker taken={new Set(list.map((row) => row.productId))} onClose={() => setPicking(false)} onPicked={add} />}
      {deleting && (
        <Confirm
          isOpen title="flashSale.removeTitle" content="flashSale.removeContent"
          titleTranslateOptions={{ name: deleting.product?.name ?? String(deleting.productId) }}
          contentTranslateOptions={{ name: deleting.product?.name ?? String(deleting.productId), session: session.data?.name ?? '' }}
          onConfirm={() => void remove(deleting)} onClose={() => setDeleting(null)}
        />
      )}
    </PageFrame>
  );
};
