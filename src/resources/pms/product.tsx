/**
 * The product list's SKU stock dialog (mall's product list "edit SKU stock"): the product's SKUs
 * from `GET /sku/{pid}` with stock and low stock editable, saved with `POST /sku/update/{pid}`,
 * both declared actions; "No SKU information" when the product has none.
 */
import Alert from '@mui/material/Alert';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import MuiTextField from '@mui/material/TextField';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Button, Loading, useCanAccess, useLocaleState, useNotify, useRecordContext, useTranslate } from 'react-admin';
import { actionQueryKey, useActionMutation, useActionQuery } from '../../engine/actionQueries';
import { WithRowAccess } from '../../engine/rowAccess';
import { RowButton } from '../../engine/RowButton';
import type { ScreenOptionsOf } from '../../engine/screenOptions';
import { actionOperation } from '../../schema/access';
import { childEntityOf } from '../../schema/engine/entity';
import { product } from '../../schema/pms/product';
import { formatMoney, toCents } from '../../schema/engine/money';
import { ProductCreate, ProductEdit } from './productForm';
import { CategoryPicker, ServiceGuarantees } from './productInputs';

type Sku = { id: number; skuCode: string | null; price: number; stock: number; lowStock: number; spData: string | null };

const skuEntity = childEntityOf(product, 'skuStockList');
const label = (field: string) => `resources.${skuEntity.name}.fields.${field}`;

/** `[{"key":"Colour","value":"Black"}]` as "Colour: Black"; anything else as it is. */
const specText = (spData: string | null): string => {
  try {
    const parts = JSON.parse(spData ?? '[]') as { key: string; value: string }[];
    return parts.map((p) => `${p.key}: ${p.value}`).join(', ');
  } catch {
    return spData ?? '';
  }
};

const SkuTable = ({ productId, onClose }: { readonly productId: number; readonly onClose: () => void }) => {
  const translate = useTranslate();
  const notify = useNotify();
  const [locale] = useLocaleState();
  const queryClient = useQueryClient();
  const skus = useActionQuery<Sku[]>(product, { name: 'skuList', id: productId });
  const { canAccess: canSave } = useCanAccess({ resource: product.name, action: actionOperation('skuUpdate') });
  const [edits, setEdits] = useState<Readonly<Record<number, Partial<Pick<Sku, 'stock' | 'lowStock'>>>>>({});
  const save = useActionMutation(product, 'skuUpdate', {
    onSuccess: async () => {
      notify('entity.saved', { type: 'success' });
      await queryClient.invalidateQueries({ queryKey: actionQueryKey(product, 'skuList', productId) });
      await queryClient.invalidateQueries({ queryKey: [product.name] });
      onClose();
    },
  });
  if (skus.isPending) return <Loading />;
  if (skus.isError) return <Alert severity="error">{translate('entity.pms.sku_load_failed')}</Alert>;
  if (!skus.data.length) return <Alert severity="info">{translate('entity.pms.no_sku')}</Alert>;
  const number = (sku: Sku, field: 'stock' | 'lowStock') => (
    <MuiTextField
      size="small" type="number" value={edits[sku.id]?.[field] ?? sku[field]} disabled={!canSave}
      slotProps={{ htmlInput: { 'aria-label': `${translate(label(field))} ${sku.skuCode ?? sku.id}`, min: field === 'stock' ? -1 : 0 } }}
      onChange={(event) => setEdits({ ...edits, [sku.id]: { ...edits[sku.id], [field]: Number(event.target.value) } })}
    />
  );
  const changed = Object.keys(edits).length > 0;
  return (
    <>
      <Table size="small" aria-label={translate('entity.pms.sku_stock')}>
        <TableHead>
          <TableRow>
            {['skuCode', 'spData', 'price', 'stock', 'lowStock'].map((f) => <TableCell key={f}>{translate(label(f))}</TableCell>)}
          </TableRow>
        </TableHead>
        <TableBody>
          {skus.data.map((sku) => (
            <TableRow key={sku.id}>
              <TableCell>{sku.skuCode}</TableCell>
              <TableCell>{specText(sku.spData)}</TableCell>
              <TableCell>{formatMoney(toCents(sku.price), locale)}</TableCell>
              <TableCell>{number(sku, 'stock')}</TableCell>
              <TableCell>{number(sku, 'lowStock')}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      {canSave && (
        <DialogActions>
          <Button
            label="ra.action.save" variant="contained" disabled={!changed || save.isPending}
            onClick={() => save.mutate({ id: productId, params: { skuStockList: Object.entries(edits).map(([id, edit]) => ({ id: Number(id), ...edit })) } })}
          />
        </DialogActions>
      )}
    </>
  );
};

/** The row button and its dialog. */
const SkuStock = ({ canAccess }: { readonly canAccess: boolean | undefined }) => {
  const record = useRecordContext();
  const [open, setOpen] = useState(false);
  const translate = useTranslate();
  if (!record || !canAccess) return null;
  return (
    <>
      <RowButton label="entity.pms.sku_stock" onClick={(event) => { event.stopPropagation(); setOpen(true); }} />
      {open && (
        <Dialog open onClose={() => setOpen(false)} maxWidth="md" fullWidth onClick={(event) => event.stopPropagation()}>
          <DialogTitle>{translate('entity.pms.sku_stock_of', { name: String(record.name) })}</DialogTitle>
          <DialogContent><SkuTable productId={Number(record.id)} onClose={() => setOpen(false)} /></DialogContent>
          <DialogActions><Button label="ra.action.close" onClick={() => setOpen(false)} /></DialogActions>
        </Dialog>
      )}
    </>
  );
};

// The permission is the list's one answer for all rows (engine/rowAccess.tsx), not a query per row.
const SkuStockButton = () => <WithRowAccess entity={product} action={actionOperation('skuList')} render={(canAccess) => <SkuStock canAccess={canAccess} />} />;

export const productScreen: ScreenOptionsOf<typeof product> = {
  rowActions: SkuStockButton,
  // mall's stepped product form (./productForm.tsx) on the add and update routes.
  views: { create: ProductCreate, edit: ProductEdit },
  inputs: { productCategoryId: CategoryPicker, serviceIds: ServiceGuarantees },
  // The transfer's target is a second-level category, picked as on the form.
  actionInputs: { productCategoryId: CategoryPicker },
  // The list keeps mall's columns in view; the rest is a click away.
  hiddenColumns: ['stock'],
};
