/** Orders area (`oms`) entities that are plain records: return reasons and the order settings. */
import { dateTime, defineEntity, flag, int, name } from './entity';

export const returnReason = defineEntity({
  name: 'returnReason', path: '/returnReason', table: 'oms_order_return_reason', tenant: null, display: 'name',
  menu: { section: 'oms', route: 'returnReason' },
  defaultSort: { field: 'sort', order: 'DESC' },
  deleteStyle: 'batch',
  fields: {
    name: name({ list: true }),
    sort: int({ default: 0, min: 0, list: true, sortable: true }),
    status: flag({ default: 1, list: true, toggle: '/update/status', filter: true }),
    createTime: dateTime({ auto: 'create', list: true, sortable: true }),
  },
  batch: [
    { kind: 'delete', path: '/delete' },
    { kind: 'set', path: '/update/status', field: 'status' },
  ],
});

/** A single record (id 1): order time-outs. */
export const orderSetting = defineEntity({
  name: 'orderSetting', path: '/orderSetting', table: 'oms_order_setting', tenant: null, display: 'id',
  menu: { section: 'oms', route: 'orderSetting' },
  routes: { list: false, create: false, delete: false },
  fields: {
    flashOrderOvertime: int({ required: true, min: 1, max: 1440 }),
    normalOrderOvertime: int({ required: true, min: 1, max: 10080 }),
    confirmOvertime: int({ required: true, min: 1, max: 365 }),
    finishOvertime: int({ required: true, min: 1, max: 365 }),
    commentOvertime: int({ required: true, min: 1, max: 365 }),
  },
});
