/**
 * Molds: the English and Chinese strings of this area's entities (`resources.<entity>`: name,
 * field labels, enum options, and `entity.mold.*` for its own screens). Chinese is typed by English, so a
 * missing key fails type-checking; tests/unit/engine-entity-i18n.test.ts checks every declared label.
 */
import { defineStrings } from '../../engine/area';

const en = {
  resources: {
    mold: {
      name: 'Mold |||| Molds',
      fields: {
        code: 'Mold code',
        name: 'Mold name',
        shopId: 'Shop',
        shopName: 'Shop name',
        size: 'Size',
        material: 'Material',
        location: 'Storage location',
        status: 'Status',
        usageCount: 'Uses',
        ratedLife: 'Rated life (uses)',
        image: 'Image',
        note: 'Note',
        createTime: 'Added at',
      },
      enums: {
        status: { available: 'Available', in_use: 'In use', maintenance: 'Under maintenance', retired: 'Retired' },
      },
    },
  },
  entity: {
    mold: {
      wear: '%{used} of %{life} uses (%{percent}%)',
      warning: 'near the end of its life',
      worn_out: 'rated life reached',
    },
  },
};

export const strings = defineStrings(en, {
  resources: {
    mold: {
      name: '模具',
      fields: {
        code: '模具编号',
        name: '模具名称',
        shopId: '所属店铺',
        shopName: '店铺名称',
        size: '尺寸',
        material: '材质',
        location: '存放位置',
        status: '状态',
        usageCount: '使用次数',
        ratedLife: '额定寿命（次）',
        image: '图片',
        note: '备注',
        createTime: '添加时间',
      },
      enums: {
        status: { available: '可用', in_use: '使用中', maintenance: '维修中', retired: '已报废' },
      },
    },
  },
  entity: {
    mold: {
      wear: '已使用 %{used} / %{life} 次（%{percent}%）',
      warning: '接近使用寿命',
      worn_out: '已达额定寿命',
    },
  },
});
