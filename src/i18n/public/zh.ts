/** Chinese strings of the public pages; the type makes a missing or extra key a compile error. */
import { baseErrorsZh } from '../baseErrorsZh';
import type { PublicMessages } from './en';

export const publicZh: PublicMessages = {
  app: {
    title: '商城管理后台',
    tagline: '面向商城卖家和管理员的后台管理系统',
  },
  lang: {
    label: '语言',
    en: 'English',
    zh: '中文',
  },
  nav: {
    home: '首页',
    login: '登录',
    register: '注册账号',
    privacy: '隐私',
    term: '条款',
  },
  loading: '加载中…',
  login: {
    title: '登录',
    username: '用户名',
    password: '密码',
    show_password: '显示密码',
    hide_password: '隐藏密码',
    submit: '登录',
    submitting: '正在登录…',
    no_account: '还没有账号？',
    register_link: '立即注册',
  },
  register: {
    title: '注册卖家账号',
    username: '用户名',
    password: '密码',
    confirm_password: '确认密码',
    email: '邮箱',
    code: '邀请码',
    code_hint: '选填。通过邀请链接打开时会自动填写。',
    password_mismatch: '两次输入的密码不一致',
    submit: '注册',
    submitting: '正在注册…',
    success: '账号已创建，正在前往登录…',
    have_account: '已有账号？',
    login_link: '去登录',
  },
  errors: baseErrorsZh,
  homer: {
    headline: '在商城开店，从这里开始',
    intro: '商城管理后台供卖家和商城团队管理店铺、商品、订单、会员和支付，支持中文和英文。',
    feature_shops_title: '店铺与商品',
    feature_shops_body: '开通 VIP 会员即可开店，按分类、属性和品牌发布商品。',
    feature_orders_title: '订单与退货',
    feature_orders_body: '从付款到发货全程跟踪订单，批量发货，处理退货申请。',
    feature_members_title: '会员与推荐',
    feature_members_body: '管理店铺顾客、合并重复会员，邀请其他卖家并查看推荐奖励。',
    feature_access_title: '角色与权限',
    feature_access_body: '按角色为每位管理员分配所需的菜单和操作权限。',
    cta_login: '登录',
    cta_register: '成为卖家',
  },
  not_found: {
    title: '页面不存在',
    body: '您访问的页面不存在或已被移动。',
    home: '返回首页',
  },
};
