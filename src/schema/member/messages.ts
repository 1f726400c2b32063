/**
 * The Members area's server messages, English and Chinese together (../engine/texts.ts).
 */
import { defineMessages } from '../engine/texts';

export const MEMBER_MESSAGES = defineMessages({
  merge_self: { en: 'A member cannot be merged into itself', zh: '不能将会员合并到其自身' },
  points_rule_repeated: { en: 'This shop has a points rule already: edit that one', zh: '该店铺已有积分规则：请修改已有的规则' },
  merge_other_shop: { en: 'Only members of the same shop can be merged', zh: '只能合并同一店铺的会员' },
});
