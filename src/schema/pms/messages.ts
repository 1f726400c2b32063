/**
 * The Products area's server messages, English and Chinese together (../engine/texts.ts).
 */
import { defineMessages } from '../engine/texts';

export const PMS_MESSAGES = defineMessages({
  attr_values_invalid: { en: 'Attribute value cannot be empty or repeated', zh: '属性值不能为空或重复' },
  up_to_three: { en: 'Up to three can be added', zh: '最多只能添加三个' },
  at_least_one: { en: 'At least one must be left', zh: '至少要保留一个' },
  feight_template_in_use: { en: 'Products use this freight template: choose another template for them first', zh: '有商品正在使用此运费模板：请先为这些商品选择其他模板' },
  category_has_children: { en: 'Delete its sub-categories first', zh: '请先删除其下级分类' },
});
