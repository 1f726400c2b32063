/** Chinese texts of the legal pages; the type makes a missing or extra key a compile error. */
import type { LegalMessages } from './en';

export const legalZh: LegalMessages = {
  privacy: {
    title: '隐私说明',
    intro: '本说明介绍商城后台保存哪些与您有关的数据、保存的原因，以及您可以提出的要求。',
    accounts_title: '您的账号',
    accounts_body:
      '我们保存您的用户名、邮箱、密码的单向哈希值（从不保存密码本身）、您的角色、注册时使用的邀请码以及账号是否启用。',
    sessions_title: '登录会话',
    sessions_body:
      '每次登录都会创建一个会话，记录时间、IP 地址和浏览器。会话让您保持登录，在您退出或修改密码时结束，也帮助我们发现滥用行为。',
    audit_title: '审计日志',
    audit_body: '后台中的每一次修改都会记录操作人、时间和修改内容，用于处理纠纷和调查安全事件。',
    shop_title: '店铺数据',
    shop_body:
      '店铺、商品、订单、退货、会员、支付和推荐记录（包括邀请链接点击的时间、IP 地址和设备）会被保存以运营商城。每位卖家只能看到自己店铺的数据。',
    browser_title: '浏览器中的数据',
    browser_body: '本网站在本地存储中保存您的登录令牌、语言选择和邀请码，不使用广告或跟踪 Cookie。',
    rights_title: '您的选择',
    rights_body:
      '您可以要求商城运营方查看、更正或删除您的账号数据。法律或财务要求保留的记录将按要求的期限保存。',
  },
  term: {
    title: '使用条款',
    intro: '本条款适用于使用商城后台的所有卖家和管理员。',
    account_title: '您的账号',
    account_body: '请妥善保管密码，不要与他人共用账号。账号下的所有操作由您负责；如怀疑账号被他人使用，请立即告知运营方。',
    vip_title: 'VIP 会员',
    vip_body: '开设店铺需要已付款且未过期的 VIP 会员期。付款前会以美元显示价格；新购买的会员期从当前会员期结束时开始计算。',
    selling_title: '销售',
    selling_body: '如实描述商品，只销售依法可以销售的商品，并及时处理订单、发货和退货。',
    use_title: '合理使用',
    use_body: '不得试图访问其他卖家的数据、破坏服务安全或用自动化请求使服务过载。',
    end_title: '停用与变更',
    end_body: '运营方可以停用违反本条款的账号。条款更新后会在此页面公布新版本；继续使用后台即表示您接受新条款。',
  },
};
