/**
 * Demo content (demo mode only, never in production): enough realistic records that every list
 * screen of a fresh `npm start` shows data: brands with logos, two-level product categories with
 * icons, product types with their specifications and parameters, a catalog of products
 * (./demo-products.ts), return reasons, member levels,
 * advertisements on both positions (some expiring soon) and more user groups.
 *
 * Records go through the entities' own repositories (the same validation, hooks and audit rows as
 * the API), and the images through the upload store the app serves (`DATA_DIR/uploads` or the
 * S3 bucket, one `sys_upload` row each), so every URL works. The images ship in ./images (made by
 * scripts/demo-images.sh); nothing is fetched. Each entity is filled only while its table is empty.
 */
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Kysely } from 'kysely';
import { ENTITIES } from '../../../src/schema/entities';
import type { EntityName } from '../../../src/schema/entities';
import { entityList } from '../../../src/schema/entities';
import type { Actor } from '../../crud/repository';
import { createRepository } from '../../crud/repository';
import { ENTITY_HOOKS } from '../../areas/index';
import { ALL_SHOPS } from '../../crud/scope';
import type { Config } from '../../config';
import { toCount } from '../index';
import type { Database } from '../schema';
import { toDbTime } from '../time';
import { DEMO_PREFRENCE_AREAS, DEMO_SUBJECTS, seedDemoProducts } from './demo-products';
import { uploadStoreOf } from '../../areas/uploads/storage';
import { seedDemoRecommendations } from './demo-recommend';

const IMAGES_DIR = join(import.meta.dirname, 'images');
/** Under the uploads URL prefix (server/routes/uploads.ts), in a folder of their own. */
const DEMO_URL_PREFIX = '/uploads/demo/';

const img = (file: string): string => `${DEMO_URL_PREFIX}${file}`;

const story = (text: string): string => `<p>${text}</p>`;

const BRANDS = [
  { name: 'Northwind Outdoor', logo: 'brand-northwind.png', sort: 80, showStatus: 1, factoryStatus: 1, brandStory: story('Tents and backpacks tested on the <strong>northern trails</strong> since 1998.') },
  { name: 'Lotus Home 莲花家居', logo: 'brand-lotus.png', sort: 75, showStatus: 1, factoryStatus: 1, firstLetter: 'L', brandStory: story('Bedding and tableware in soft, natural fabrics.') },
  { name: 'Panda Tea 熊猫茶坊', logo: 'brand-panda.png', sort: 70, showStatus: 1, factoryStatus: 0, firstLetter: 'P', brandStory: story('Green and oolong teas from family gardens in Fujian.') },
  { name: 'Aurora Audio', logo: 'brand-aurora.png', sort: 65, showStatus: 1, factoryStatus: 1, brandStory: story('Headphones tuned by ear, built to be repaired.') },
  { name: 'Blue Harbor', logo: 'brand-harbor.png', sort: 60, showStatus: 0, factoryStatus: 0, brandStory: story('Rain jackets and deck shoes for wet weekends.') },
  { name: 'Maple Kids', logo: 'brand-maple.png', sort: 55, showStatus: 1, factoryStatus: 0, brandStory: story('Clothes for children who climb trees.') },
  { name: 'Jade Kitchen 玉厨', logo: 'brand-jade.png', sort: 50, showStatus: 1, factoryStatus: 1, firstLetter: 'J', brandStory: story('Woks, steamers and knives for the home cook.') },
  { name: 'Summit Sports', logo: 'brand-summit.png', sort: 45, showStatus: 0, factoryStatus: 1, brandStory: story('Running shoes and training wear.') },
] as const;

type Attr = { name: string; type: 0 | 1; inputType?: 0 | 1; selectType?: 0 | 1 | 2; inputList?: string; sort?: number; filterType?: 0 | 1; searchType?: 0 | 1 | 2 };

/** Product types: specifications (type 0, the SKU axes) and parameters (type 1, shown as facts). */
const PRODUCT_TYPES: readonly { name: string; attributes: readonly Attr[] }[] = [
  { name: 'Clothing', attributes: [
    { name: 'Colour', type: 0, inputType: 1, selectType: 2, inputList: 'Black,White,Navy,Olive', sort: 10, filterType: 1 },
    { name: 'Size', type: 0, inputType: 1, selectType: 1, inputList: 'S,M,L,XL,XXL', sort: 9 },
    { name: 'Material', type: 1, inputType: 1, selectType: 1, inputList: 'Cotton,Linen,Wool,Polyester', sort: 8, searchType: 1 },
    { name: 'Fit', type: 1, inputType: 1, selectType: 1, inputList: 'Regular,Slim,Loose', sort: 7 },
    { name: 'Season', type: 1, inputType: 1, selectType: 1, inputList: 'Spring,Summer,Autumn,Winter', sort: 6 },
  ] },
  { name: 'Headphones', attributes: [
    { name: 'Colour', type: 0, inputType: 1, selectType: 1, inputList: 'Black,Silver,Blue', sort: 10, filterType: 1 },
    { name: 'Connection', type: 1, inputType: 1, selectType: 1, inputList: 'Bluetooth 5.3,Wired 3.5 mm,USB-C', sort: 9, searchType: 1 },
    { name: 'Battery life (hours)', type: 1, inputType: 0, sort: 8, searchType: 2 },
    { name: 'Driver size', type: 1, inputType: 0, sort: 7 },
  ] },
  { name: 'Tea', attributes: [
    { name: 'Net weight', type: 0, inputType: 1, selectType: 1, inputList: '100 g,250 g,500 g', sort: 10 },
    { name: 'Origin', type: 1, inputType: 1, selectType: 1, inputList: 'Fujian,Yunnan,Zhejiang,Anhui', sort: 9, searchType: 1 },
    { name: 'Harvest year', type: 1, inputType: 0, sort: 8 },
  ] },
  { name: 'Cookware', attributes: [
    { name: 'Diameter', type: 0, inputType: 1, selectType: 1, inputList: '24 cm,28 cm,32 cm', sort: 10 },
    { name: 'Material', type: 1, inputType: 1, selectType: 1, inputList: 'Carbon steel,Cast iron,Stainless steel', sort: 9, searchType: 1 },
    { name: 'Induction ready', type: 1, inputType: 1, selectType: 0, inputList: 'Yes,No', sort: 8 },
  ] },
];

/** Two levels; `filters` names parameters (type 1) of a product type, as `product type/parameter`. */
const CATEGORIES: readonly { name: string; icon: string; unit: string; keywords: string; children: readonly { name: string; icon: string; unit: string; filters?: readonly string[] }[] }[] = [
  { name: 'Apparel 服装', icon: 'cat-apparel.png', unit: '件', keywords: 'clothing,fashion', children: [
    { name: 'T-shirts', icon: 'cat-apparel.png', unit: '件', filters: ['Clothing/Material', 'Clothing/Fit'] },
    { name: 'Jackets', icon: 'cat-apparel.png', unit: '件', filters: ['Clothing/Material', 'Clothing/Season'] },
    { name: 'Kids wear', icon: 'cat-apparel.png', unit: '件' },
  ] },
  { name: 'Electronics 数码', icon: 'cat-electronics.png', unit: '台', keywords: 'audio,gadgets', children: [
    { name: 'Headphones', icon: 'cat-electronics.png', unit: '副', filters: ['Headphones/Connection', 'Headphones/Battery life (hours)'] },
    { name: 'Chargers', icon: 'cat-electronics.png', unit: '个' },
  ] },
  { name: 'Home & Kitchen 家居', icon: 'cat-home.png', unit: '件', keywords: 'home,kitchen,tea', children: [
    { name: 'Cookware', icon: 'cat-home.png', unit: '口', filters: ['Cookware/Material'] },
    { name: 'Tea', icon: 'cat-home.png', unit: '盒', filters: ['Tea/Origin'] },
    { name: 'Bedding', icon: 'cat-home.png', unit: '套' },
  ] },
  { name: 'Outdoor 户外', icon: 'cat-outdoor.png', unit: '件', keywords: 'camping,hiking', children: [
    { name: 'Tents', icon: 'cat-outdoor.png', unit: '顶' },
    { name: 'Backpacks', icon: 'cat-outdoor.png', unit: '个' },
  ] },
];

const RETURN_REASONS = [
  { name: 'Wrong size', sort: 60, status: 1 },
  { name: 'Not as described', sort: 50, status: 1 },
  { name: 'Quality problem', sort: 40, status: 1 },
  { name: 'Missing parts', sort: 30, status: 1 },
  { name: 'Changed my mind', sort: 20, status: 1 },
  { name: 'Sent by mistake (retired)', sort: 10, status: 0 },
] as const;

const MEMBER_LEVELS = [
  { name: 'Bronze member', growthPoint: 0, defaultStatus: 1, freeFreightPoint: 199, commentGrowthPoint: 5, priviledgeSignIn: 1, priviledgeComment: 1, note: 'Every new member starts here' },
  { name: 'Silver member', growthPoint: 1000, defaultStatus: 0, freeFreightPoint: 99, commentGrowthPoint: 10, priviledgeSignIn: 1, priviledgeComment: 1, priviledgeBirthday: 1, priviledgePromotion: 1 },
  { name: 'Gold member', growthPoint: 5000, defaultStatus: 0, freeFreightPoint: 49, commentGrowthPoint: 15, priviledgeFreeFreight: 1, priviledgeSignIn: 1, priviledgeComment: 1, priviledgePromotion: 1, priviledgeMemberPrice: 1, priviledgeBirthday: 1 },
  { name: 'Diamond member', growthPoint: 20000, defaultStatus: 0, freeFreightPoint: 0, commentGrowthPoint: 20, priviledgeFreeFreight: 1, priviledgeSignIn: 1, priviledgeComment: 1, priviledgePromotion: 1, priviledgeMemberPrice: 1, priviledgeBirthday: 1, note: 'By invitation' },
] as const;

const DAY = 24 * 60 * 60 * 1000;

/** Start and end relative to now, in days: running, ending within days, upcoming, and ended. */
const ADVERTISEMENTS = [
  { name: 'Spring outdoor sale', type: 0, pic: 'ad-outdoor.jpg', from: -10, to: 20, status: 1, sort: 90, url: 'https://shop.example.com/sale/outdoor' },
  { name: 'New tea harvest 新茶上市', type: 0, pic: 'ad-tea.jpg', from: -5, to: 2, status: 1, sort: 80, url: 'https://shop.example.com/tea', note: 'Ends in two days' },
  { name: 'Headphones week', type: 0, pic: 'ad-audio.jpg', from: 3, to: 10, status: 0, sort: 70, url: 'https://shop.example.com/audio' },
  { name: 'Kitchen essentials', type: 0, pic: 'ad-kitchen.jpg', from: -40, to: -2, status: 0, sort: 60, url: 'https://shop.example.com/kitchen', note: 'Ended: kept for the report' },
  { name: 'App-only coupon 满199减30', type: 1, pic: 'ad-coupon.jpg', from: -2, to: 1, status: 1, sort: 90, url: 'https://m.shop.example.com/coupon', note: 'Expires tomorrow' },
  { name: 'Free shipping weekend', type: 1, pic: 'ad-shipping.jpg', from: -1, to: 5, status: 1, sort: 80, url: 'https://m.shop.example.com/free-shipping' },
  { name: 'Kids back to school', type: 1, pic: 'ad-kids.jpg', from: -15, to: 30, status: 1, sort: 70, url: 'https://m.shop.example.com/kids' },
] as const;

const USER_GROUPS = [
  { name: 'Premium sellers', description: 'Paying sellers with room to grow', quotaShops: 10, quotaProducts: 2000, quotaMolds: 500, quotaStorageMb: 2048, warnPercent: 90 },
  { name: 'Trial sellers', description: 'First month: small quotas', quotaShops: 1, quotaProducts: 20, quotaMolds: 5, quotaStorageMb: 50, warnPercent: 75 },
] as const;

type ContentConfig = Pick<Config, 'dataDir'> & Partial<Pick<Config, 's3'>>;

/** Copies the shipped images into the upload storage and records them (owned by no account, so no quota pays). */
export const storeImages = async (db: Kysely<Database>, config: ContentConfig): Promise<void> => {
  const store = uploadStoreOf(config);
  const files = (await readdir(IMAGES_DIR)).filter((file) => /\.(png|jpg)$/.test(file));
  const known = new Set((await db.selectFrom('sys_upload').select('url').where('url', 'like', `${DEMO_URL_PREFIX}%`).execute()).map((r) => r.url));
  for (const file of files) {
    const bytes = await readFile(join(IMAGES_DIR, file));
    const mime = file.endsWith('.png') ? 'image/png' : 'image/jpeg';
    await store.put(`demo/${file}`, bytes, mime);
    if (known.has(img(file))) continue;
    await db.insertInto('sys_upload').values({
      admin_id: null, url: img(file), original_name: file, mime_type: mime,
      size_bytes: bytes.length, create_time: toDbTime(),
    }).execute();
  }
};

export const seedDemoContent = async (db: Kysely<Database>, config: ContentConfig): Promise<void> => {
  await storeImages(db, config);
  const actor: Actor = { adminId: null, ip: null, scope: ALL_SHOPS };
  const repo = (name: EntityName) => createRepository(ENTITIES[name], { db, entities: entityList, hooks: ENTITY_HOOKS[name] });
  const isEmpty = async (name: EntityName): Promise<boolean> => {
    const row = await db.selectFrom(ENTITIES[name].table as never).select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
    return toCount((row as { n: string | number }).n) === 0;
  };
  const createAll = async (name: EntityName, records: readonly Record<string, unknown>[]): Promise<number[]> => {
    const ids: number[] = [];
    for (const record of records) ids.push((await repo(name).create(record, actor)).id);
    return ids;
  };

  if (await isEmpty('brand')) {
    await createAll('brand', BRANDS.map(({ logo, ...brand }) => ({ ...brand, logo: img(logo), bigPic: img(logo) })));
  }

  // Product types first: categories name some of their parameters as filters.
  const attributeIds = new Map<string, number>();
  if (await isEmpty('productAttributeCategory')) {
    for (const type of PRODUCT_TYPES) {
      const [typeId] = await createAll('productAttributeCategory', [{ name: type.name }]);
      const ids = await createAll('productAttribute', type.attributes.map((a) => ({ ...a, productAttributeCategoryId: typeId })));
      type.attributes.forEach((a, i) => attributeIds.set(`${type.name}/${a.name}`, ids[i]!));
    }
  }

  if (await isEmpty('productCategory')) {
    for (const [index, top] of CATEGORIES.entries()) {
      const sort = (CATEGORIES.length - index) * 10;
      const [parentId] = await createAll('productCategory', [{
        name: top.name, parentId: 0, icon: img(top.icon), productUnit: top.unit, keywords: top.keywords,
        description: `${top.name}: ${top.children.map((c) => c.name).join(', ')}`, navStatus: 1, showStatus: 1, sort,
      }]);
      await createAll('productCategory', top.children.map((child, i) => ({
        name: child.name, parentId, icon: img(child.icon), productUnit: child.unit, navStatus: i === 0 ? 1 : 0, showStatus: 1,
        sort: (top.children.length - i) * 10,
        productAttributeIdList: (child.filters ?? []).flatMap((key) => (attributeIds.has(key) ? [attributeIds.get(key)!] : [])),
      })));
    }
  }

  if (await isEmpty('returnReason')) await createAll('returnReason', RETURN_REASONS);
  if (await isEmpty('memberLevel')) await createAll('memberLevel', MEMBER_LEVELS);
  // Topics and areas the catalog links to, pictured by one of their categories.
  const iconOf = async (name: string): Promise<string | null> =>
    (await db.selectFrom('pms_product_category').select('icon').where('name', '=', name).executeTakeFirst())?.icon ?? null;
  if (await isEmpty('subject')) {
    for (const { categories, ...topic } of DEMO_SUBJECTS) {
      const pic = await iconOf(categories[0]);
      await createAll('subject', [{
        ...topic, pic, albumPics: pic ? [pic] : [], showStatus: 1, description: `${topic.title}: ${categories.join(', ')}.`,
        content: `<h3>${topic.title}</h3><p>Our picks in ${categories.join(', ')}, chosen by the marketing team.</p>`,
      }]);
    }
  }
  if (await isEmpty('prefrenceArea')) {
    for (const { categories, ...area } of DEMO_PREFRENCE_AREAS) await createAll('prefrenceArea', [{ ...area, pic: await iconOf(categories[0]), showStatus: 1 }]);
  }
  // After categories, brands, types, member levels, topics and areas: the catalog uses them all (./demo-products.ts).
  if (await isEmpty('product')) await seedDemoProducts(db, repo('product'), actor);
  // The home page's recommendations pick from the brands, the catalog and the topics (./demo-recommend.ts).
  await seedDemoRecommendations(db, actor);

  if (await isEmpty('homeAdvertise')) {
    // Whole hours, so the list shows round times.
    const hour = Math.floor(Date.now() / (60 * 60 * 1000)) * 60 * 60 * 1000;
    await createAll('homeAdvertise', ADVERTISEMENTS.map(({ from, to, pic, ...ad }) => ({
      ...ad, pic: img(pic), startTime: new Date(hour + from * DAY).toISOString(), endTime: new Date(hour + to * DAY).toISOString(),
    })));
  }

  const groups = await db.selectFrom('ums_user_group').select('name').execute();
  const missingGroups = USER_GROUPS.filter((g) => !groups.some((have) => have.name === g.name));
  await createAll('userGroup', missingGroups);
};
