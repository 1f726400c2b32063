/** Marketing area (`sms`) entities: home-page advertisements. */
import { dateTime, defineEntity, enumeration, flag, image, int, longText, name, reference, referenceName, text } from '../engine/entity';

export const homeAdvertise = defineEntity({
  // A shop's advertisement shows on its own home; the platform's (no shop) on every shop's.
  name: 'homeAdvertise', path: '/home/advertise', table: 'sms_home_advertise', tenant: 'shop_id', platformRows: true, display: 'name',
  menu: { route: 'homeAdvertise', create: 'addHomeAdvertise', edit: 'updateHomeAdvertise' },
  defaultSort: { field: 'sort', order: 'DESC' },
  deleteStyle: 'batch',
  fields: {
    name: name({ list: true, filter: { param: 'name', op: 'like', alwaysOn: true } }),
    type: enumeration([{ value: 0, label: 'pc' }, { value: 1, label: 'app' }], { required: true, list: true, filter: { param: 'type', op: 'eq' } }),
    shopId: reference('shop', 'shopName', { immutable: true, list: true, listPriority: 'medium', filter: { param: 'shopId', op: 'eq' } }),
    shopName: referenceName('shopId'),
    pic: image({ required: true, list: true }),
    startTime: dateTime({ required: true, list: true, sortable: true, filter: { op: 'prefix', range: true } }),
    endTime: dateTime({ required: true, list: true, sortable: true, filter: { param: 'endTime', op: 'prefix', range: true } }),
    status: flag({ default: 0, list: true, toggle: '/update/status', filter: true }),
    clickCount: int({ serverManaged: true, list: true, listPriority: 'low' }),
    orderCount: int({ serverManaged: true, list: true, listPriority: 'low' }),
    url: text({ required: true, length: [1, 500], url: true }),
    note: longText({ length: [0, 500] }),
    sort: int({ default: 0, min: 0, list: true, sortable: true }),
  },
  batch: [
    { kind: 'delete', path: '/delete' },
    { kind: 'set', path: '/update/status', field: 'status' },
  ],
  // mall's advertisement list switches one advertisement with its id in the path (and again in the query).
  variants: [{ kind: 'alias', method: 'POST', path: '/update/status/{id}', of: 'set', field: 'status' }],
  refine: (r) => (r.startTime && r.endTime && Date.parse(r.endTime) <= Date.parse(r.startTime)
    ? [{ field: 'endTime', messageKey: 'expire_before_start' }] : []),
});
