/**
 * Flash sales' screens beyond the generated lists (src/schema/sms/flash.ts), as `mall`'s admin has
 * them: the sale list links each sale to "set sessions"; `/sms/selectSession?flashPromotionId=`
 * lists the enabled sessions with their product counts in that sale; `/sms/flashProductRelation`
 * (sale and session in the query) lists the session's products, adds several at once from a
 * product picker (name, SN, brand) and edits each row's flash price, count, per-buyer limit and
 * sort in place. Labels come from the declarations; refusals show under the cell they name.
 */
import Box from '@mui/material/Box';
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
import Typography from '@mui/material/Typography';
import type { ReactElement } from 'react';
import { useState } from 'react';
import type { RaRecord } from 'react-admin';
import { Button, useDataProvider, useGetList, useGetOne, useNotify, useRecordContext, useTranslate } from 'react-admin';
import { useLocation } from 'react-router-dom';
import { useActionQuery } from '../../engine/actionQueries';
import { fieldLabelKey } from '../../engine/labels';
import { LinkButton } from '../../engine/LinkButton';
import { routePath, withQuery } from '../../engine/routing';
import type { ScreenOptionsOf } from '../../engine/screenOptions';
import { PageFrame } from '../../pages/shared/PageFrame';
import { ApiError } from '../../providers/api';
import { product } from '../../schema/pms/product';
import { flashProductRelation, flashPromotion, flashSession } from '../../schema/sms/flash';

type Row = RaRecord & {
  productId: number; flashPromotionPrice: number | null; flashPromotionCount: number | null; flashPromotionLimit: number | null; sort: number;
  product: { id: number; name: string; productSn: string; price: number; stock: number } | null;
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

/** The sale list's row buttons: its sessions (mall's "set sessions"). */
const SaleRowLinks = () => {
  const record = useRecordContext();
  if (!record) return null;
  return <LinkButton label="flashSale.setSessions" to={withQuery(routePath('selectSession'), { flashPromotionId: record.id })} />;
};

/** Above the sale list: the way to the sessions (a hidden route, as mall's "session list" button). */
const SaleListTop = () => (
  <Box sx={{ px: 1, pt: 1 }}><LinkButton label="flashSale.sessionList" to={routePath(flashSession.menu.route)} /></Box>
);

export const flashPromotionScreen: ScreenOptionsOf<typeof flashPromotion> = { rowActions: SaleRowLinks, listTop: SaleListTop };

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
                <TableCell>{session.startTime}</TableCell>
                <TableCell>{session.endTime}</TableCell>
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

/** One product of the session: its numbers edited in place, saved or removed on its own. */
const RelationRow = ({ row, onChanged }: { readonly row: Row; readonly onChanged: () => void }): ReactElement => {
  const translate = useTranslate();
  const dataProvider = useDataProvider();
  const notify = useNotify();
  const [values, setValues] = useState<Record<string, string>>(() =>
    Object.fromEntries(EDITED.map((name) => [name, row[name] === null ? '' : String(row[name])])));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const name = row.product?.name ?? String(row.productId);
  const save = async () => {
    const data = Object.fromEntries(EDITED.map((field) => [field, values[field] === '' ? null : Number(values[field])]));
    try {
      await dataProvider.update(flashProductRelation.name, { id: row.id, data, previousData: row });
      setErrors({});
      notify('flashSale.saved', { type: 'success' });
      onChanged();
    } catch (error) {
      setErrors(errorsOf(error, translate));
    }
  };
  const remove = async () => {
    await dataProvider.delete(flashProductRelation.name, { id: row.id, previousData: row });
    onChanged();
  };
  return (
    <TableRow>
      <TableCell>{name}</TableCell>
      <TableCell>{row.product?.productSn}</TableCell>
      <TableCell align="right">{row.product?.price}</TableCell>
      <TableCell align="right">{row.product?.stock}</TableCell>
      {EDITED.map((field) => (
        <TableCell key={field} sx={{ minWidth: 110 }}>
          <MuiTextField
            size="small" type="number" value={values[field]}
            onChange={(event) => setValues((current) => ({ ...current, [field]: event.target.value }))}
            error={Boolean(errors[field])} helperText={errors[field]}
            slotProps={{ htmlInput: { 'aria-label': `${translate(fieldLabelKey(flashProductRelation, field))} · ${name}`, step: field === 'flashPromotionPrice' ? 0.01 : 1 } }}
          />
        </TableCell>
      ))}
      <TableCell>
        <Stack direction="row">
          <Button label="ra.action.save" onClick={() => void save()} aria-label={`${translate('ra.action.save')} · ${name}`} />
          <Button label="ra.action.delete" color="error" onClick={() => void remove()} aria-label={`${translate('ra.action.delete')} · ${name}`} />
        </Stack>
      </TableCell>
    </TableRow>
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

/** `/sms/flashProductRelation?flashPromotionId=&flashPromotionSessionId=`: the products of one session of one sale. */
export const FlashProductsScreen = (): ReactElement => {
  const translate = useTranslate();
  const dataProvider = useDataProvider();
  const { search } = useLocation();
  const saleId = queryNumber(search, 'flashPromotionId');
  const sessionId = queryNumber(search, 'flashPromotionSessionId');
  const [picking, setPicking] = useState(false);
  const sale = useGetOne(flashPromotion.name, { id: saleId }, { enabled: saleId > 0 });
  const session = useGetOne(flashSession.name, { id: sessionId }, { enabled: sessionId > 0 });
  const rows = useGetList<Row>(flashProductRelation.name, {
    pagination: { page: 1, perPage: 100 }, sort: { field: 'sort', order: 'DESC' },
    filter: { flashPromotionId: saleId, flashPromotionSessionId: sessionId },
  }, { enabled: saleId > 0 && sessionId > 0 });
  const label = (name: string) => translate(fieldLabelKey(flashProductRelation, name));
  const title = translate('flashSale.productsTitle', { title: sale.data?.title ?? '', session: session.data?.name ?? '' });
  const add = async (ids: number[]): Promise<string | null> => {
    try {
      await dataProvider.create(flashProductRelation.name, { data: { flashPromotionId: saleId, flashPromotionSessionId: sessionId, productId: ids } });
      await rows.refetch();
      return null;
    } catch (error) {
      return Object.values(errorsOf(error, translate))[0] ?? translate('flashSale.addFailed');
    }
  };
  return (
    <PageFrame title={translate('menu.flashProductRelation')}>
      <Typography variant="subtitle1" sx={{ mb: 1 }}>{title}</Typography>
      <Stack direction="row" spacing={1} sx={{ mb: 1 }}>
        <Button label="flashSale.addProducts" variant="contained" onClick={() => setPicking(true)} />
        <LinkButton label="flashSale.backToSessions" to={withQuery(routePath('selectSession'), { flashPromotionId: saleId })} />
      </Stack>
      <TableContainer component={Paper} variant="outlined">
        <Table size="small" aria-label={title}>
          <TableHead>
            <TableRow>
              <TableCell>{label('productName')}</TableCell>
              <TableCell>{translate(fieldLabelKey(product, 'productSn'))}</TableCell>
              <TableCell align="right">{translate(fieldLabelKey(product, 'price'))}</TableCell>
              <TableCell align="right">{translate(fieldLabelKey(product, 'stock'))}</TableCell>
              {EDITED.map((field) => <TableCell key={field}>{label(field)}</TableCell>)}
              <TableCell />
            </TableRow>
          </TableHead>
          <TableBody>
            {(rows.data ?? []).map((row) => (
              <RelationRow key={`${row.id}-${row.flashPromotionPrice}-${row.flashPromotionCount}-${row.flashPromotionLimit}-${row.sort}`} row={row} onChanged={() => void rows.refetch()} />
            ))}
            {rows.data?.length === 0 && (
              <TableRow><TableCell colSpan={9}>{translate('flashSale.noProducts')}</TableCell></TableRow>
            )}
          </TableBody>
        </Table>
      </TableContainer>
      {picking && <ProductPicker taken={new Set((rows.data ?? []).map((row) => row.productId))} onClose={() => setPicking(false)} onPicked={add} />}
    </PageFrame>
  );
};
