/**
 * Marketing (sms): the English and Chinese strings of this area's entities (`resources.<entity>`: name,
 * field labels, enum options). Chinese is typed by English, so a
 * missing key fails type-checking; tests/unit/entity-i18n.test.ts checks every declared label.
 */
import { defineStrings } from '../../engine/area';

const en = {
  resources: {
    homeAdvertise: {
      name: 'Advertisement |||| Advertisements',
      fields: {
        name: 'Advertisement name',
        type: 'Position',
        pic: 'Image',
        startTime: 'Start time',
        endTime: 'Expire time',
        status: 'Online',
        clickCount: 'Clicks',
        orderCount: 'Orders',
        url: 'Jump URL',
        note: 'Note',
        sort: 'Sort',
      },
      enums: {
        type: { pc: 'PC homepage carousel', app: 'App homepage carousel' },
      },
    },
  },
};

export const strings = defineStrings(en, {
  resources: {
    homeAdvertise: {
      name: '广告',
      fields: {
        name: '广告名称',
        type: '广告位置',
        pic: '广告图片',
        startTime: '开始时间',
        endTime: '到期时间',
        status: '上线/下线',
        clickCount: '点击次数',
        orderCount: '生成订单',
        url: '广告链接',
        note: '广告备注',
        sort: '排序',
      },
      enums: {
        type: { pc: 'PC首页轮播', app: 'APP首页轮播' },
      },
    },
  },
});
