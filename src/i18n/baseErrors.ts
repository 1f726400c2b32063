/**
 * Texts of the server's stable error keys that no area owns (src/schema/baseMessages.ts): all the
 * public pages need (sign-in, registration, validation, HTTP), light so the login page's entry
 * carries no area's texts. English is the server's own text in polyglot's placeholder syntax;
 * Chinese must name every key (the type says so). ./errors.ts adds every area's for the admin.
 */
import { BASE_MESSAGES } from '../schema/baseMessages';
import type { BaseMessageKey } from '../schema/baseMessages';

/** Texts with `{param}` placeholders in polyglot's `%{param}`. */
export const polyglot = <K extends string>(texts: Readonly<Record<K, string>>): Record<K, string> =>
  Object.fromEntries(Object.entries<string>(texts).map(([key, text]) => [key, text.replace(/\{(\w+)\}/g, '%{$1}')])) as Record<K, string>;

export const baseErrorsEn = polyglot(BASE_MESSAGES) as Record<BaseMessageKey, string>;

export const baseErrorsZh: Record<BaseMessageKey, string> = {
  success: '操作成功',
  failed: '操作失败',
  validation_failed: '参数检验失败',
  unauthorized: '尚未登录或登录已过期',
  forbidden: '没有相关权限',
  not_found: '未找到',
  route_not_found: '接口不存在',
  bad_credentials: '用户名或密码错误',
  account_disabled: '账号已被禁用',
  too_many_attempts: '登录失败次数过多，请在 %{seconds} 秒后重试',
  body_too_large: '请求内容过大',
  too_many_fields: '请求的字段过多（最多 %{max} 个键和元素）',
  malformed_json: '请求内容不是有效的 JSON',
  unsupported_media_type: '不支持的内容类型',
  username_taken: '该用户名已被使用',
  invalid_invite_code: '请检查邀请码',
  old_password_wrong: '旧密码错误',
  roles_required: '该用户暂未分配角色',
  required: '必填',
  invalid_type: '类型错误',
  too_short: '至少需要 %{min} 个字符',
  too_long: '最多 %{max} 个字符',
  length_between: '长度必须在 %{min} 到 %{max} 个字符之间',
  invalid_email: '邮箱地址格式不正确',
  invalid_url: '必须是以 http:// 或 https:// 开头的网址',
  unknown_field: '未知字段',
  internal: '服务器出错了',
  network: '网络错误：无法连接服务器',
  out_of_range: '必须在 %{min} 到 %{max} 之间',
  too_small: '不能小于 %{min}',
  too_big: '不能大于 %{max}',
  invalid_value: '不是允许的值',
  invalid_format: '格式错误',
  invalid_date: '不是有效的日期',
  not_unique: '该值已被使用',
  choose_shop: '请选择店铺（shopId）：该账号可管理多个店铺，且没有可用的默认店铺',
  invalid_reference: '引用的记录不存在',
  too_few_rows: '至少要添加 %{min} 行',
  too_many_rows: '最多只能添加 %{max} 行',
  select_record: '请选择一条记录',
  select_batch_type: '请选择批量操作类型',
  too_many_images: '最多只能上传 %{maxCount} 张图片',
  invalid_image: '图片只能是 jpg 或 png 格式',
  file_too_large: '文件不能超过 %{maxMb} MB',
  file_required: '请选择要上传的文件',
  quota_exceeded: '%{what} 已超出配额：您所在的用户组最多允许 %{quota}',
  page_size_too_big: '每页条数不能超过 %{max}',
  invalid_ids: 'ids 必须是以逗号分隔的记录编号',
  too_many_ids: '一次最多选择 %{max} 条记录',
  wrong_state: '当前状态下无法执行此操作',
  none_eligible: '所选记录在当前状态下都无法执行此操作',
  duplicate_row: '同一条记录出现了多次',
  timeout: '请求超时',
  service_unavailable: '服务暂时不可用',
  cannot_grant: '不能授予自己没有的角色、菜单或资源',
  cannot_manage_admin: '不能修改拥有您所没有的权限的账号',
  super_admin_only: '只有超级管理员可以执行此操作',
  last_super_admin: '必须保留至少一个启用的超级管理员',
  range_reversed: '范围的结束不能早于开始',
  invalid_username: '请使用 3 到 64 个字母（a-z）、数字或 _ . - 字符',
  password_too_common: '该密码过于常见，请换一个',
  password_contains_username: '密码不能包含用户名',
  password_blank: '密码不能只包含空格',
  password_repeated: '密码不能是同一个字符（或几个字符）的重复',
  password_sequence: '密码不能是连续的字母、数字或键盘按键（如 abcdefgh 或 12345678）',
  too_many_requests: '请求过于频繁，请在 %{seconds} 秒后重试',
};
