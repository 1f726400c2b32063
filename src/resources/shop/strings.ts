/**
 * Shops: the English and Chinese strings of this area's entities (`resources.<entity>`: name,
 * field labels, enum options). Chinese is typed by English, so a
 * missing key fails type-checking; tests/unit/entity-i18n.test.ts checks every declared label.
 */
import { defineStrings } from '../../engine/area';

const en = {
  resources: {
    shop: {
      name: 'Shop |||| Shops',
      fields: {
        shopName: 'Shop name',
        ownerId: 'Owner',
        ownerName: 'Owner name',
        status: 'Status',
        createTime: 'Added at',
      },
      enums: {
        status: { pending: 'Pending review', open: 'Open', closed: 'Closed' },
      },
    },
  },
};

export const strings = defineStrings(en, {
  resources: {
    shop: {
      name: '店铺',
      fields: {
        shopName: '店铺名称',
        ownerId: '店主',
        ownerName: '店主名称',
        status: '状态',
        createTime: '添加时间',
      },
      enums: {
        status: { pending: '待审核', open: '营业中', closed: '已关闭' },
      },
    },
  },
});
