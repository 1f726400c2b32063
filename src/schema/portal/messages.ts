/**
 * The shop front's server messages (server/areas/portal), English and Chinese together
 * (../engine/texts.ts), and the Chinese of the engine's own messages a buyer meets there: buyer
 * clients show the envelope's `message` as it is, so the shop front answers it in the buyer's
 * language (Accept-Language), where the admin translates the key itself.
 */
import { defineMessages } from '../engine/texts';

export const PORTAL_MESSAGES = defineMessages({
  portal_shop_not_found: { en: 'No such shop', zh: '店铺不存在' },
  portal_member_pending: { en: 'Your membership is waiting for the shop to approve it', zh: '您的会员申请正在等待店铺审核' },
  portal_member_rejected: { en: 'The shop did not approve your membership', zh: '店铺未通过您的会员申请' },
  portal_phone_taken: { en: 'This phone number is already registered with the shop', zh: '该手机号已在本店注册' },
  portal_invalid_phone: { en: 'Enter a valid phone number', zh: '请输入有效的手机号码' },
  portal_code_required: { en: 'Enter the code sent to your phone', zh: '请输入发送到手机的验证码' },
  portal_code_wrong: { en: 'The code is wrong or has expired; ask for a new one', zh: '验证码错误或已过期，请重新获取' },
  portal_code_text: { en: 'Your sign-up code for {shop} is {code}. It expires in {minutes} minutes.', zh: '您在{shop}的注册验证码为{code}，{minutes}分钟内有效。' },
  portal_code_sent: { en: 'The code is on its way to your phone', zh: '验证码已发送' },
  portal_wrong_password: { en: 'The current password is wrong', zh: '当前密码错误' },
  portal_registered: { en: 'Registered; you can sign in now', zh: '注册成功，请登录' },
  portal_too_many_addresses: { en: 'At most {max} addresses can be kept', zh: '最多保存{max}个收货地址' },
  portal_cart_added: { en: 'Added to the cart', zh: '已加入购物车' },
  portal_cart_too_many: { en: 'At most {max} lines fit in the cart', zh: '购物车最多{max}种商品' },
  portal_product_unavailable: { en: 'This product is not on sale', zh: '该商品已下架' },
  portal_sku_required: { en: 'Choose one of the product\'s options', zh: '请选择商品规格' },
  portal_out_of_stock: { en: 'Only {stock} left in stock', zh: '库存不足，仅剩{stock}件' },
  portal_over_limit: { en: 'At most {limit} per buyer', zh: '每人限购{limit}件' },
  portal_coupon_unavailable: { en: 'This coupon cannot be claimed', zh: '该优惠券不可领取' },
  portal_coupon_gone: { en: 'All of these coupons have been claimed', zh: '优惠券已领完' },
  portal_coupon_expired: { en: 'This coupon has expired', zh: '优惠券已过期' },
  portal_coupon_limit: { en: 'You hold as many of this coupon as one buyer may ({limit})', zh: '您已领取过该优惠券（每人限领{limit}张）' },
  portal_coupon_claimed: { en: 'Coupon claimed', zh: '领取成功' },
  portal_too_many_marks: { en: 'At most {max} can be kept', zh: '最多保存{max}条' },
  portal_registered_pending: { en: 'Registered; the shop will approve your membership before you can sign in', zh: '注册成功，店铺审核通过后即可登录' },
});

/**
 * The Chinese of the engine's messages (src/schema/baseMessages.ts) a buyer can meet on the shop
 * front, by key (tests/api/portal-auth.test.ts checks each names a message).
 */
export const PORTAL_BASE_ZH: Readonly<Record<string, string>> = {
  success: '操作成功',
  unauthorized: '暂未登录或token已经过期',
  account_disabled: '账号已被禁用',
  validation_failed: '参数检验失败',
  not_found: '未找到',
  route_not_found: '没有此接口',
  bad_credentials: '用户名或密码错误',
  too_many_attempts: '登录失败次数过多，请{seconds}秒后再试',
  too_many_requests: '请求过于频繁，请{seconds}秒后再试',
  too_many_fields: '请求的字段过多（最多{max}个）',
  malformed_json: '请求体不是有效的JSON',
  unsupported_media_type: '不支持的请求类型',
  body_too_large: '请求体过大',
  internal: '服务器出错了',
  username_taken: '该用户名已被使用',
  invalid_username: '用户名须为3到64个字母、数字或 _ . - 字符',
  too_short: '至少需要{min}个字符',
  password_too_common: '密码过于常见，请换一个',
  required: '必填',
  too_long: '最多{max}个字符',
  too_small: '不能小于{min}',
  too_big: '不能大于{max}',
  too_many_ids: '一次最多选择{max}条',
  invalid_type: '类型错误',
  invalid_value: '不是允许的值',
  invalid_format: '格式错误',
  unknown_field: '未知字段',
  password_contains_username: '密码不能包含用户名',
  password_blank: '密码不能全是空格',
  password_repeated: '密码不能是重复的字符',
  password_sequence: '密码不能是连续的字母、数字或键位（如 abcdefgh、12345678）',
};
