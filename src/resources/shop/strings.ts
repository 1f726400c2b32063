/**
 * Shops: the English and Chinese strings of this area's entities (`resources.<entity>`: name,
 * field labels, sections, enum options, actions) and of the add-shop screen's VIP notice
 * (`shop.*`). Chinese is typed by English, so a missing key fails type-checking;
 * tests/unit/engine-entity-i18n.test.ts checks every declared label.
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
        inviteCode: 'Invite code',
        currency: 'Currency',
        timeZone: 'Time zone',
        autoApprove: 'Customer approval',
        signUpCode: 'Sign-up code by text message',
        companyName: 'Company name',
        legalPersonName: 'Legal representative',
        country: 'Country',
        city: 'City',
        streetLine1: 'Street (line 1)',
        addressLine2: 'Address line 2',
        postcode: 'Postcode',
        firstName: 'First name',
        lastName: 'Last name',
        phone: 'Phone (WhatsApp)',
        paypalOffline: 'Offline PayPal',
        paypalAccount: 'PayPal account (email)',
        paypalOnline: 'Online PayPal',
        paypalClientId: 'PayPal client ID',
        paypalSecretKey: 'PayPal secret key',
        blockchain: 'Offline blockchain',
        blockchainNetwork: 'Blockchain network',
        walletAddress: 'Wallet address',
        createTime: 'Added at',
      },
      sections: {
        company: 'Company',
        address: 'Address',
        contact: 'Contact',
        payment: 'Payment methods',
      },
      enums: {
        status: { pending: 'Pending review', open: 'Open', closed: 'Closed' },
        timeZone: { 'Asia/Shanghai': 'China (Shanghai)', 'Asia/Hong_Kong': 'Hong Kong', 'Asia/Tokyo': 'Japan (Tokyo)', 'Asia/Singapore': 'Singapore', 'America/New_York': 'US Eastern (New York)', 'America/Chicago': 'US Central (Chicago)', 'America/Denver': 'US Mountain (Denver)', 'America/Los_Angeles': 'US Pacific (Los Angeles)', 'Europe/London': 'UK (London)', 'Europe/Berlin': 'Central Europe (Berlin)', 'Australia/Sydney': 'Australia (Sydney)', UTC: 'UTC' },
        currency: {
          USD: 'USD – US dollar', EUR: 'EUR – Euro', GBP: 'GBP – Pound sterling', CNY: 'CNY – Chinese yuan', HKD: 'HKD – Hong Kong dollar',
          JPY: 'JPY – Japanese yen', SGD: 'SGD – Singapore dollar', AUD: 'AUD – Australian dollar', CAD: 'CAD – Canadian dollar',
        },
        autoApprove: { auto: 'Automatic', manual: 'Manual' },
      },
      secrets: {
        paypalSecretKey: { set: 'A secret key is stored; leave empty to keep it', not_set: 'No secret key stored yet' },
      },
      actions: {
        canOpen: { name: 'May open a shop' },
      },
    },
  },
  shop: {
    vip_required: 'A paid VIP membership is required to open a shop.',
    buy_vip: 'Buy VIP',
    checking: 'Checking your VIP membership…',
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
        inviteCode: '邀请码',
        currency: '币种',
        timeZone: '时区',
        autoApprove: '客户审核',
        signUpCode: '注册需短信验证码',
        companyName: '公司名称',
        legalPersonName: '法人姓名',
        country: '国家',
        city: '城市',
        streetLine1: '街道（第一行）',
        addressLine2: '地址（第二行）',
        postcode: '邮编',
        firstName: '名',
        lastName: '姓',
        phone: '电话（WhatsApp）',
        paypalOffline: '线下 PayPal',
        paypalAccount: 'PayPal 账号（邮箱）',
        paypalOnline: '线上 PayPal',
        paypalClientId: 'PayPal 客户端 ID',
        paypalSecretKey: 'PayPal 密钥',
        blockchain: '线下区块链',
        blockchainNetwork: '区块链网络',
        walletAddress: '钱包地址',
        createTime: '添加时间',
      },
      sections: {
        company: '公司信息',
        address: '地址',
        contact: '联系人',
        payment: '支付方式',
      },
      enums: {
        status: { pending: '待审核', open: '营业中', closed: '已关闭' },
        timeZone: { 'Asia/Shanghai': '中国（上海）', 'Asia/Hong_Kong': '香港', 'Asia/Tokyo': '日本（东京）', 'Asia/Singapore': '新加坡', 'America/New_York': '美国东部（纽约）', 'America/Chicago': '美国中部（芝加哥）', 'America/Denver': '美国山地（丹佛）', 'America/Los_Angeles': '美国太平洋（洛杉矶）', 'Europe/London': '英国（伦敦）', 'Europe/Berlin': '中欧（柏林）', 'Australia/Sydney': '澳大利亚（悉尼）', UTC: '协调世界时 (UTC)' },
        currency: {
          USD: 'USD – 美元', EUR: 'EUR – 欧元', GBP: 'GBP – 英镑', CNY: 'CNY – 人民币', HKD: 'HKD – 港币',
          JPY: 'JPY – 日元', SGD: 'SGD – 新加坡元', AUD: 'AUD – 澳大利亚元', CAD: 'CAD – 加拿大元',
        },
        autoApprove: { auto: '自动审核', manual: '人工审核' },
      },
      secrets: {
        paypalSecretKey: { set: '已保存密钥；留空则保持不变', not_set: '尚未保存密钥' },
      },
      actions: {
        canOpen: { name: '可否开店' },
      },
    },
  },
  shop: {
    vip_required: '开店需要已付费且未过期的 VIP 会员。',
    buy_vip: '购买 VIP',
    checking: '正在检查您的 VIP 会员…',
  },
});
