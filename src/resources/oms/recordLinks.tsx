/**
 * References a return shows by what a person knows them by: its order by the order number and its
 * product by the product's name, each a link to that record's page (never "Order id 286").
 */
import Link from '@mui/material/Link';
import type { MouseEvent } from 'react';
import { useRecordContext } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { routePath, withQuery } from '../../engine/routing';
import type { Entity } from '../../schema/engine/entity';

type CellProps = { readonly entity: Entity; readonly name: string };

/** A click on the link opens the record, not the list row it sits in. */
const keep = (event: MouseEvent) => event.stopPropagation();

/** A link to the record `id` of `route` (its `?id=` page), showing `text`; the id alone where no text is known. */
const RecordLink = ({ route, id, text }: { readonly route: string; readonly id: unknown; readonly text: unknown }) => {
  if (id === null || id === undefined || id === '' || Number(id) <= 0) return null;
  const shown = typeof text === 'string' && text.trim() ? text : `#${String(id)}`;
  return <Link component={RouterLink} to={withQuery(routePath(route), { id: String(id) })} onClick={keep}>{shown}</Link>;
};

/** The return's order (`orderId`) by its number, linked to the order's page. */
export const ReturnOrderCell = ({ name }: CellProps) => {
  const record = useRecordContext();
  return record ? <RecordLink route="orderDetail" id={record[name]} text={record.orderSn} /> : null;
};

/** The returned product (`productId`) by its name, linked to the product's page. */
export const ReturnProductCell = ({ name }: CellProps) => {
  const record = useRecordContext();
  return record ? <RecordLink route="updateProduct" id={record[name]} text={record.productName} /> : null;
};
