/**
 * Orders (oms): the English and Chinese strings of this area's entities (`resources.<entity>`: name,
 * field labels, enum options). Chinese is typed by English, so a
 * missing key fails type-checking; tests/unit/entity-i18n.test.ts checks every declared label.
 */
import { defineStrings } from '../../engine/area';

const en = {
  resources: {
    returnReason: {
      name: 'Return reason |||| Return reasons',
      fields: {
        name: 'Reason',
        sort: 'Sort',
        status: 'Enabled',
        createTime: 'Added at',
      },
    },
    orderSetting: {
      name: 'Order settings |||| Order settings',
      fields: {
        flashOrderOvertime: 'Unpaid flash-sale orders close after (minutes)',
        normalOrderOvertime: 'Unpaid normal orders close after (minutes)',
        confirmOvertime: 'Shipped orders are confirmed as received after (days)',
        finishOvertime: 'Received orders are completed after (days)',
        commentOvertime: 'Completed orders are reviewed automatically after (days)',
      },
    },
  },
};

export const strings = defineStrings(en, {
  resources: {
    returnReason: {
      name: '退货原因',
      fields: {
        name: '原因类型',
        sort: '排序',
        status: '是否可用',
        createTime: '添加时间',
      },
    },
    orderSetting: {
      name: '订单设置',
      fields: {
        flashOrderOvertime: '秒杀订单超时未付款自动关闭（分钟）',
        normalOrderOvertime: '正常订单超时未付款自动关闭（分钟）',
        confirmOvertime: '发货后自动确认收货（天）',
        finishOvertime: '确认收货后自动完成交易（天）',
        commentOvertime: '交易完成后自动好评（天）',
      },
    },
  },
});
