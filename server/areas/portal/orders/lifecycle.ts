/**
 * A buyer's own orders after placing them (`mall`'s /order/* and /returnApply/create): the list and
 * the detail, cancel, confirm receipt, delete (hidden for the buyer only) and a return application.
 * Every id is looked up inside the buyer's shop and member: another's order is "not found" (null on
 * a read, a refusal on a change). State changes go through the order's declared transitions, as an
 * administrator's do (lock, state check, history, audit); a close gives back what the order held
 * (server/areas/oms/holds.ts).
 */
import { entityList } from '../../../../src/schema/entities';
import { ORDER_STATUS, RETURN_STATUS, order as orderEntity } from '../../../../src/schema/oms/entities';
import type { ActionHandler } from '../../../crud/actions';
import { performAction } from '../../../crud/actions';
import type { Db, HookActor } from '../../../crud/hooks';
import { toDbTime } from '../../../db/time';
import { isHttpError } from '../../../http/errors';
import { orderActions } from '../../oms/orders';
import { withOrderItems } from './place';
import type { Buyer } from './sources';
import { refused } from './sources';

/** `mall`'s list tabs: -1 all, else one status. */
export type OrderListStatus = -1 | 0 | 1 | 2 | 3 | 4;

/** The buyer's orders, newest first, as `mall`'s CommonPage of OmsOrderDetail. */
export const listOrders = async (db: Db, buyer: Buyer, status: OrderListStatus, pageNum: number, pageSize: number) => {
  let query = db.selectFrom('oms_order').where('member_id', '=', buyer.memberId).where('shop_id', '=', buyer.shopId)
    .where('buyer_hidden', '=', 0).where('delete_status', '=', 0);
  if (status !== -1) query = query.where('status', '=', status);
  const [rows, count] = await Promise.all([
    query.selectAll().orderBy('id', 'desc').limit(pageSize).offset((pageNum - 1) * pageSize).execute(),
    query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  const total = Number(count.n);
  return { pageNum, pageSize, total, totalPage: Math.ceil(total / pageSize), list: await withOrderItems(db, rows) };
};

/** The buyer's own live order's row (its id, status), or a refusal as if it did not exist. */
const ownOrder = async (db: Db, buyer: Buyer, orderId: number) => {
  const row = await db.selectFrom('oms_order').select(['id', 'status', 'order_sn', 'receive_time', 'delivery_time', 'member_username'])
    .where('id', '=', orderId).where('shop_id', '=', buyer.shopId).where('member_id', '=', buyer.memberId)
    .where('buyer_hidden', '=', 0).where('delete_status', '=', 0).executeTakeFirst();
  if (!row) throw refused('order_wrong_state');
  return row;
};

/** The buyer acts in their own shop only; no administrator is on the rows. */
const buyerActor = (buyer: Buyer, ip: string | null): HookActor => ({ adminId: null, ip, scope: { kind: 'shops', shopIds: [buyer.shopId] } });

/** A declared transition of the order, acted by the buyer; a state it does not leave is `order_wrong_state` (code 500). */
const transition = async (db: Db, buyer: Buyer, orderId: number, action: 'close' | 'confirmReceipt', params: Record<string, unknown>, ip: string | null) => {
  await ownOrder(db, buyer, orderId);
  const result = await performAction({ db, entities: entityList }, orderEntity, action, orderActions.handlers[action] as ActionHandler | undefined, {
    ids: [orderId], params, actor: buyerActor(buyer, ip),
  }).catch((error: unknown) => {
    if (isHttpError(error) && (error.problem.status === 409 || error.problem.status === 404)) throw refused('order_wrong_state');
    throw error;
  });
  if (result.skipped.length) throw refused('order_wrong_state');
};

/** The note of the close a buyer makes (the history's note, as a person's words are kept). */
export const BUYER_CANCEL_NOTE = 'Cancelled by the buyer / 用户取消订单';

/** `cancelUserOrder` (and `cancelOrder`, under the same rules): an unpaid order of the buyer's, closed; its holds given back. */
export const cancelOrder = (db: Db, buyer: Buyer, orderId: number, ip: string | null = null) =>
  transition(db, buyer, orderId, 'close', { note: BUYER_CANCEL_NOTE }, ip);

/** `confirmReceiveOrder`: a shipped order of the buyer's, completed. */
export const confirmReceive = (db: Db, buyer: Buyer, orderId: number, ip: string | null = null) =>
  transition(db, buyer, orderId, 'confirmReceipt', {}, ip);

/** `deleteOrder`: a completed or closed order leaves the buyer's list; the shop keeps it. */
export const hideOrder = async (db: Db, buyer: Buyer, orderId: number): Promise<void> => {
  const result = await db.updateTable('oms_order').set({ buyer_hidden: 1 })
    .where('id', '=', orderId).where('shop_id', '=', buyer.shopId).where('member_id', '=', buyer.memberId)
    .where('buyer_hidden', '=', 0).where('status', 'in', [ORDER_STATUS.completed, ORDER_STATUS.closed]).executeTakeFirst();
  if (Number(result.numUpdatedRows) !== 1) throw refused('order_wrong_state');
};

/** Days after receipt within which a delivered line may be returned: the order settings' `finishOvertime`, else 7. */
const returnDaysOf = async (db: Db): Promise<number> => {
  const setting = await db.selectFrom('oms_order_setting').select('finish_overtime').where('id', '=', 1).executeTakeFirst();
  return Number(setting?.finish_overtime ?? 7) || 7;
};

export type ReturnRequest = {
  readonly orderId: number; readonly productId: number; readonly productCount: number;
  readonly reason: string | null; readonly description: string | null; readonly proofPics: string | null;
  readonly returnName: string | null; readonly returnPhone: string | null;
};

/**
 * `/returnApply/create`: a return of a line of the buyer's own delivered order (shipped, or
 * completed within the return window), at most what was bought less what is already asked back
 * (rejected applications aside). Product, prices and member come from the order, never the body.
 */
export const applyReturn = async (db: Db, buyer: Buyer, request: ReturnRequest, now = Date.now()): Promise<number> => {
  const order = await ownOrder(db, buyer, request.orderId);
  const days = await returnDaysOf(db);
  const status = Number(order.status);
  const since = order.receive_time ? Date.parse(String(order.receive_time)) : null;
  const inWindow = status === ORDER_STATUS.shipped || (status === ORDER_STATUS.completed && (since === null || now - since <= days * 86_400_000));
  if (!inWindow) throw refused('return_window_closed', { days });
  return db.transaction().execute(async (trx) => {
    const line = await trx.selectFrom('oms_order_item').selectAll().where('order_id', '=', request.orderId).where('product_id', '=', request.productId)
      .orderBy('id').executeTakeFirst();
    if (!line) throw refused('order_wrong_state');
    const asked = await trx.selectFrom('oms_order_return_apply').select((eb) => eb.fn.sum<number>('product_count').as('n'))
      .where('order_id', '=', request.orderId).where('product_id', '=', request.productId).where('status', '!=', RETURN_STATUS.rejected).executeTakeFirst();
    const left = Number(line.product_quantity) - Number(asked?.n ?? 0);
    if (request.productCount > left) throw refused('return_count_over', { count: Math.max(0, left) });
    const unitPaid = Math.floor(Number(line.real_amount ?? 0) / Number(line.product_quantity)) || Number(line.product_price);
    const { id } = await trx.insertInto('oms_order_return_apply').values({
      shop_id: buyer.shopId, order_id: request.orderId, order_sn: String(order.order_sn), status: RETURN_STATUS.pending, create_time: toDbTime(new Date(now)),
      member_username: order.member_username, return_name: request.returnName, return_phone: request.returnPhone, reason: request.reason,
      description: request.description, proof_pics: request.proofPics, product_id: request.productId, product_pic: line.product_pic,
      product_name: line.product_name, product_brand: line.product_brand, product_attr: line.product_attr, product_count: request.productCount,
      product_price: Number(line.product_price), product_real_price: unitPaid,
    }).returning('id').executeTakeFirstOrThrow();
    return Number(id);
  });
};
