/**
 * The admin's own Chinese messages; the type makes a missing or extra key a compile error.
 * One form per string: polyglot always picks plural form 0 for `zh` (stack.md section 2).
 */
import { errorsZh } from './errorsZh';
import type { AdminMessages } from './en';
import { publicZh } from './public/zh';
import { AREA_MENU_TITLES } from '../schema/messages';
import { textsOf } from '../schema/engine/texts';
import { RESOURCE_CATEGORIES } from '../schema/resources';

/** A seeded resource's description is its name (server/seed), so both read the same. */
const nameAndDescription = (names: Readonly<Record<string, string>>) =>
  Object.fromEntries(Object.entries(names).map(([url, name]) => [url, { name, description: name }]));

export const zh: AdminMessages = {
  app: {
    title: '商城管理后台',
    breadcrumb: '面包屑导航',
    language: {
      label: '语言',
      en: 'English',
      zh: '中文',
    },
    sidebar: {
      label: '主菜单',
      open: '展开菜单',
      close: '收起菜单',
    },
    password: {
      title: '修改密码',
      old: '当前密码',
      new: '新密码',
      confirm: '再次输入新密码',
      submit: '修改密码',
      mismatch: '两次输入的新密码不一致',
      changed: '密码已修改，其他登录会话已退出',
    },
    profile: {
      title: '个人资料',
      username: '当前账号：%{username}',
    },
    user_menu: {
      home: '首页',
      logout: '退出登录',
    },
    bottom_nav: '功能分区',
    bottom_more: '更多',
    home: {
      welcome: '欢迎，%{name}',
      roles: '角色',
      shortcuts: '我的功能',
      no_sections: '你的角色暂未分配任何功能，请联系管理员开通。',
      open_section: '打开%{name}',
    },
    not_available: '该页面暂未开放。',
    field_in_row: '%{field}（第 %{row} 行）',
    list_total: {
      more_than: '第 %{from}-%{to} 条，共超过 %{bound} 条',
      about: '第 %{from}-%{to} 条，共约 %{estimate} 条',
    },
    access_denied: {
      title: '无权访问',
      text: '你的角色不包含该页面。如需使用，请联系管理员。',
      home: '返回首页',
    },
    logout_dialog: {
      title: '确定登出',
      content: '你已被登出，可以取消继续留在该页面，或者重新登录',
      confirm: '重新登录',
      cancel: '取消',
    },
    session_error: {
      title: '无法打开管理后台',
      disabled_hint: '请联系管理员启用该账号后重新登录。',
      signed_out: '您已退出登录',
      no_roles: '该账号尚未分配角色',
      no_roles_hint: '请联系管理员分配角色后重新登录。',
      login: '返回登录',
      retry: '重试',
    },
  },
  menu: {
    home: '首页',
    // The areas' own menu titles (src/schema/messages.ts).
    ...textsOf(AREA_MENU_TITLES, 'zh'),
  },
  builtin: {
    role: {
      super_admin: { name: '超级管理员', description: '全部菜单和全部接口' },
      seller: { name: '卖家', description: '店主：管理自己的店铺、商品、订单、会员和刀模' },
      product_admin: { name: '商品管理员', description: '商品、分类、属性和品牌' },
      order_admin: { name: '订单管理员', description: '订单、退货和订单设置' },
      marketing_admin: { name: '营销管理员', description: '秒杀、优惠券、推荐、专题和广告' },
    },
    resourceCategory: {
      Products: { name: '商品' },
      Orders: { name: '订单' },
      Marketing: { name: '营销' },
      Content: { name: '内容' },
      Shops: { name: '店铺' },
      Members: { name: '会员' },
      'Payments and referral': { name: '支付与推广分销' },
      Permissions: { name: '权限' },
      Other: { name: '其他' },
    },
    // Each resource's Chinese name is declared with it (src/schema/<area>Resources.ts, ./resources.ts).
    resource: nameAndDescription(Object.fromEntries(RESOURCE_CATEGORIES.flatMap((c) => c.resources).map((r) => [r.url, r.zh]))),
  },
  errors: errorsZh,
  pub: publicZh,
};
