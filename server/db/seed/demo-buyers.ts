/**
 * The demo's buyers, by the market of the shop they buy from: a Chinese shop's buyers are in China
 * with Chinese names and addresses, the American shop's in the United States, the Dutch shop's in
 * Europe. The members of each shop (server/areas/member/demo-members.ts), the buyer and receiver of
 * its orders (server/areas/oms/demo-orders.ts) and the contact of its returns
 * (server/areas/oms/demo-returns.ts) all come from here, so an order's buyer is a member of its
 * shop and receives it at their own address, and the shop's carriers serve that country.
 *
 * Each market has one buyer registered twice under a second username with the same mobile
 * (duplicates to merge), one waiting for approval and one rejected.
 */
import { MEMBER_APPLY_STATUS } from '../../../src/schema/member/entities';
import type { DELIVERY_COMPANIES } from '../../../src/schema/oms/entities';

export type DemoBuyer = {
  readonly username: string; readonly nickname: string; readonly realName: string; readonly mobile: string;
  readonly companyName: string | null; readonly country: string; readonly taxId: string | null;
  readonly status: number;
  /** The index of the member level (by growth points), when the demo has levels. */
  readonly level: number;
  readonly address: { readonly province: string; readonly city: string; readonly region: string; readonly detail: string; readonly post: string };
};

type Carrier = (typeof DELIVERY_COMPANIES)[number]['value'];
type Market = { readonly buyers: readonly DemoBuyer[]; readonly carriers: readonly Carrier[] };

const { approved, pending, rejected } = MEMBER_APPLY_STATUS;

const SHENZHEN = { province: '广东省', city: '深圳市', region: '南山区', detail: '科技园路 18 号', post: '518000' } as const;
const SHANGHAI = { province: '上海市', city: '上海市', region: '浦东新区', detail: '张杨路 500 号', post: '200120' } as const;
const PORTLAND = { province: 'Oregon', city: 'Portland', region: 'Pearl District', detail: '915 NW 13th Avenue', post: '97209' } as const;
const AMSTERDAM = { province: 'Noord-Holland', city: 'Amsterdam', region: 'Jordaan', detail: 'Prinsengracht 263', post: '1016 GV' } as const;

const CHINA: Market = {
  carriers: ['顺丰快递', '圆通快递', '中通快递', '京东物流'],
  buyers: [
    { username: 'lily88', nickname: 'Lily', realName: '林莉', mobile: '13800138001', companyName: '莉莉花艺工作室', country: 'China', taxId: '91440300MA5F8X1234', status: approved, level: 2, address: SHENZHEN },
    { username: 'lily_88', nickname: '莉莉', realName: '林莉', mobile: '13800138001', companyName: null, country: 'China', taxId: null, status: approved, level: 0, address: SHENZHEN },
    { username: 'chen.wei', nickname: '阿伟', realName: '陈伟', mobile: '13600001111', companyName: '上海伟业包装有限公司', country: 'China', taxId: '91310115MA1K4Y5678', status: approved, level: 3, address: SHANGHAI },
    { username: 'chenwei_sh', nickname: '陈先生', realName: '陈伟', mobile: '13600001111', companyName: null, country: 'China', taxId: null, status: pending, level: 0, address: SHANGHAI },
    { username: 'lina.hz', nickname: '娜娜', realName: '李娜', mobile: '13912345678', companyName: '杭州西湖茶叶有限公司', country: 'China', taxId: '91330106MA2H3K7788', status: approved, level: 1,
      address: { province: '浙江省', city: '杭州市', region: '西湖区', detail: '文三路 90 号 5 楼', post: '310012' } },
    { username: 'zhanglei', nickname: '张记', realName: '张磊', mobile: '13501234567', companyName: '北京张记茶庄', country: 'China', taxId: null, status: approved, level: 1,
      address: { province: '北京市', city: '北京市', region: '朝阳区', detail: '建国路 88 号 2 单元', post: '100022' } },
    { username: 'xiaoming', nickname: '小明', realName: '王小明', mobile: '13800138002', companyName: null, country: 'China', taxId: null, status: pending, level: 0,
      address: { province: '广东省', city: '广州市', region: '天河区', detail: '体育西路 101 号', post: '510620' } },
    { username: 'spam_buyer', nickname: '特价批发', realName: '未知', mobile: '13000000000', companyName: null, country: 'China', taxId: null, status: rejected, level: 0, address: SHENZHEN },
  ],
};

const UNITED_STATES: Market = {
  carriers: ['UPS', 'FedEx', 'USPS'],
  buyers: [
    { username: 'mike.j', nickname: 'Mike', realName: 'Mike Johnson', mobile: '+1 503 555 0172', companyName: 'Johnson Coffee Roasters', country: 'United States', taxId: '93-1234567', status: approved, level: 2, address: PORTLAND },
    { username: 'mikej_pdx', nickname: 'Mike J.', realName: 'Mike Johnson', mobile: '+1 503 555 0172', companyName: null, country: 'United States', taxId: null, status: approved, level: 0, address: PORTLAND },
    { username: 'sarah.kim', nickname: 'Sarah', realName: 'Sarah Kim', mobile: '+1 206 555 0134', companyName: 'Kim Design Co.', country: 'United States', taxId: '91-7654321', status: approved, level: 1,
      address: { province: 'Washington', city: 'Seattle', region: 'Capitol Hill', detail: '1520 E Pine Street', post: '98122' } },
    { username: 'olivia.b', nickname: 'Olivia', realName: 'Olivia Brown', mobile: '+1 415 555 0198', companyName: null, country: 'United States', taxId: null, status: approved, level: 1,
      address: { province: 'California', city: 'San Francisco', region: 'Mission District', detail: '2200 Mission Street', post: '94110' } },
    { username: 'rivera.events', nickname: 'Dan', realName: 'Daniel Rivera', mobile: '+1 512 555 0110', companyName: 'Rivera Events LLC', country: 'United States', taxId: null, status: pending, level: 0,
      address: { province: 'Texas', city: 'Austin', region: 'East Austin', detail: '1100 E 6th Street', post: '78702' } },
    { username: 'best_deals', nickname: 'Best Deals', realName: 'N/A', mobile: '+1 555 0100', companyName: null, country: 'United States', taxId: null, status: rejected, level: 0, address: PORTLAND },
  ],
};

const EUROPE: Market = {
  carriers: ['DHL', 'DPD', 'TNT'],
  buyers: [
    { username: 'sanne.b', nickname: 'Sanne', realName: 'Sanne Bakker', mobile: '+31 6 1234 5678', companyName: 'Bakker Bloemen', country: 'Netherlands', taxId: 'NL123456789B01', status: approved, level: 2, address: AMSTERDAM },
    { username: 'sbakker', nickname: 'S. Bakker', realName: 'Sanne Bakker', mobile: '+31 6 1234 5678', companyName: null, country: 'Netherlands', taxId: null, status: approved, level: 0, address: AMSTERDAM },
    { username: 'emma.c', nickname: 'Emma', realName: 'Emma Clarke', mobile: '+44 7700 900123', companyName: null, country: 'United Kingdom', taxId: null, status: approved, level: 1,
      address: { province: 'England', city: 'Leeds', region: 'Headingley', detail: '12 Cardigan Road', post: 'LS6 3AG' } },
    { username: 'lucas.m', nickname: 'Lucas', realName: 'Lucas Martin', mobile: '+33 6 12 34 56 78', companyName: 'Martin Épicerie Fine', country: 'France', taxId: 'FR40303265045', status: approved, level: 0,
      address: { province: 'Île-de-France', city: 'Paris', region: '11e', detail: '5 Rue Oberkampf', post: '75011' } },
    { username: 'tom_w', nickname: 'Tom', realName: 'Tom Walker', mobile: '+44 7700 900456', companyName: 'Walker & Sons Ltd', country: 'United Kingdom', taxId: 'GB123456789', status: approved, level: 1,
      address: { province: 'England', city: 'Manchester', region: 'Ancoats', detail: '3 Jersey Street', post: 'M4 6JG' } },
    { username: 'jonas.w', nickname: 'Jonas', realName: 'Jonas Weber', mobile: '+49 30 5555 0123', companyName: 'Weber Logistik GmbH', country: 'Germany', taxId: 'DE123456789', status: pending, level: 0,
      address: { province: 'Berlin', city: 'Berlin', region: 'Kreuzberg', detail: 'Oranienstraße 25', post: '10999' } },
    { username: 'cheap_boxes', nickname: 'Cheap Boxes', realName: 'N/A', mobile: '+31 6 0000 0000', companyName: null, country: 'Netherlands', taxId: null, status: rejected, level: 0, address: AMSTERDAM },
  ],
};

const MARKETS: Readonly<Record<string, Market>> = { China: CHINA, 'United States': UNITED_STATES };

/** The market of a shop by its country: China, the United States, or Europe for the rest. */
export const marketOf = (country: string | null): Market => MARKETS[country ?? ''] ?? EUROPE;

/** The buyers who may order (approved members). */
export const orderingBuyers = (market: Market): DemoBuyer[] => market.buyers.filter((b) => b.status === approved);

/** A buyer of any market by username. */
export const buyerNamed = (username: string | null): DemoBuyer | undefined =>
  [CHINA, UNITED_STATES, EUROPE].flatMap((m) => m.buyers).find((b) => b.username === username);
