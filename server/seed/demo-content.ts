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
import { ENTITIES } from '../../src/schema/entities';
import type { EntityName } from '../../src/schema/entities';
import type { Actor } from '../crud/repository';
import type { RepositoryOf } from '../areas/area';
import { ALL_SHOPS } from '../crud/scope';
import type { Config } from '../config';
import { toCount } from '../db/index';
import type { Database } from '../db/schema';
import { toDbTime } from '../db/time';
import { DEMO_PREFRENCE_AREAS, DEMO_SUBJECTS, seedDemoProducts } from './demo-products';
import { uploadStoreOf } from '../areas/uploads/storage';
import { seedDemoRecommendations } from './demo-recommend';

const IMAGES_DIR = join(import.meta.dirname, 'images');
/** Under the uploads URL prefix (server/routes/uploads.ts), in a folder of their own. */
const DEMO_URL_PREFIX = '/uploads/demo/';

const img = (file: string): string => `${DEMO_URL_PREFIX}${file}`;

const story = (text: string): string => `<p>${text}</p>`;

/**
 * Brands, each with what it makes (`sells`: second-level categories): a product of a brand is in
 * one of them (tests/api/demo-content.test.ts). Names in one language: none of these entities has a
 * field for a translation.
 */
export const DEMO_BRANDS = [
  { name: 'Northwind Outdoor', logo: 'brand-northwind.png', sort: 80, showStatus: 1, factoryStatus: 1, sells: ['Tents', 'Backpacks', 'Jackets'], brandStory: story('Tents and backpacks tested on the <strong>northern trails</strong> since 1998.') },
  { name: 'Lotus Home', logo: 'brand-lotus.png', sort: 75, showStatus: 1, factoryStatus: 1, sells: ['Bedding', 'T-shirts'], brandStory: story('Bedding and loungewear in soft, natural fabrics.') },
  { name: 'Panda Tea', logo: 'brand-panda.png', sort: 70, showStatus: 1, factoryStatus: 0, sells: ['Tea'], brandStory: story('Green and oolong teas from family gardens in Fujian.') },
  { name: 'Aurora Audio', logo: 'brand-aurora.png', sort: 65, showStatus: 1, factoryStatus: 1, sells: ['Headphones', 'Chargers'], brandStory: story('Headphones and chargers tuned by ear, built to be repaired.') },
  { name: 'Tidewater', logo: 'brand-tidewater.png', sort: 60, showStatus: 0, factoryStatus: 0, sells: ['Jackets', 'T-shirts'], brandStory: story('Rain jackets and deck tees for wet weekends.') },
  { name: 'Maple Kids', logo: 'brand-maple.png', sort: 55, showStatus: 1, factoryStatus: 0, sells: ['Kids wear', 'Backpacks'], brandStory: story('Clothes and school bags for children who climb trees.') },
  { name: 'Jade Kitchen', logo: 'brand-jade.png', sort: 50, showStatus: 1, factoryStatus: 1, sells: ['Cookware'], brandStory: story('Woks, steamers and pans for the home cook.') },
  { name: 'Summit Sports', logo: 'brand-summit.png', sort: 45, showStatus: 0, factoryStatus: 1, sells: ['T-shirts', 'Jackets', 'Tents', 'Backpacks'], brandStory: story('Training wear and light gear for the mountains.') },
  { name: 'Sunrise', logo: 'brand-sunrise.png', sort: 40, showStatus: 1, factoryStatus: 1, sells: ['Mailer boxes', 'Shipping cartons', 'Gift boxes', 'Labels & stickers', 'Paper bags'], brandStory: story('The own label of Sunrise Packaging and Sunrise Print Studio: boxes, labels and bags made and printed in Shenzhen.') },
  { name: 'Harbor Boxes', logo: 'brand-harbor.png', sort: 35, showStatus: 1, factoryStatus: 1, sells: ['Shipping cartons', 'Mailer boxes', 'Gift boxes'], brandStory: story('Corrugated cartons from Rotterdam, die-cut on our own molds.') },
  { name: 'EcoWrap', logo: 'brand-ecowrap.png', sort: 30, showStatus: 1, factoryStatus: 0, sells: ['Protective packaging', 'Paper bags'], brandStory: story('Paper-based void fill, wrap and tape: protective packaging without plastic.') },
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
  { name: 'Packaging', attributes: [
    { name: 'Size', type: 0, inputType: 1, selectType: 1, inputList: '200×150×50 mm,300×200×100 mm,400×300×200 mm', sort: 10 },
    { name: 'Pack of', type: 0, inputType: 1, selectType: 1, inputList: '25,50,100', sort: 9 },
    { name: 'Material', type: 1, inputType: 1, selectType: 1, inputList: 'Kraft board,E-flute corrugated,B-flute corrugated,Recycled board', sort: 8, searchType: 1 },
    { name: 'Print', type: 1, inputType: 1, selectType: 1, inputList: 'Plain,One colour,Full colour', sort: 7 },
  ] },
  { name: 'Labels', attributes: [
    { name: 'Size', type: 0, inputType: 1, selectType: 1, inputList: '25 mm,50 mm,75 mm', sort: 10 },
    { name: 'Roll of', type: 0, inputType: 1, selectType: 1, inputList: '250,500,1000', sort: 9 },
    { name: 'Finish', type: 1, inputType: 1, selectType: 1, inputList: 'Gloss,Matte,Kraft', sort: 8, searchType: 1 },
  ] },
  { name: 'Bags and wrap', attributes: [
    { name: 'Size', type: 0, inputType: 1, selectType: 1, inputList: 'S,M,L', sort: 10 },
    { name: 'Pack of', type: 0, inputType: 1, selectType: 1, inputList: '25,50,100', sort: 9 },
    { name: 'Material', type: 1, inputType: 1, selectType: 1, inputList: 'Kraft paper,Recycled paper,Honeycomb paper', sort: 8, searchType: 1 },
  ] },
  { name: 'Cookware', attributes: [
    { name: 'Diameter', type: 0, inputType: 1, selectType: 1, inputList: '24 cm,28 cm,32 cm', sort: 10 },
    { name: 'Material', type: 1, inputType: 1, selectType: 1, inputList: 'Carbon steel,Cast iron,Stainless steel', sort: 9, searchType: 1 },
    { name: 'Induction ready', type: 1, inputType: 1, selectType: 0, inputList: 'Yes,No', sort: 8 },
  ] },
];

/** Two levels; `filters` names parameters (type 1) of a product type, as `product type/parameter`. */
const CATEGORIES: readonly { name: string; icon: string; unit: string; keywords: string; children: readonly { name: string; icon: string; unit: string; filters?: readonly string[] }[] }[] = [
  { name: 'Apparel', icon: 'cat-apparel.png', unit: 'piece', keywords: 'clothing,fashion', children: [
    { name: 'T-shirts', icon: 'cat-apparel.png', unit: 'piece', filters: ['Clothing/Material', 'Clothing/Fit'] },
    { name: 'Jackets', icon: 'cat-apparel.png', unit: 'piece', filters: ['Clothing/Material', 'Clothing/Season'] },
    { name: 'Kids wear', icon: 'cat-apparel.png', unit: 'piece' },
  ] },
  { name: 'Electronics', icon: 'cat-electronics.png', unit: 'unit', keywords: 'audio,gadgets', children: [
    { name: 'Headphones', icon: 'cat-electronics.png', unit: 'pair', filters: ['Headphones/Connection', 'Headphones/Battery life (hours)'] },
    { name: 'Chargers', icon: 'cat-electronics.png', unit: 'piece' },
  ] },
  { name: 'Home & Kitchen', icon: 'cat-home.png', unit: 'piece', keywords: 'home,kitchen,tea', children: [
    { name: 'Cookware', icon: 'cat-home.png', unit: 'piece', filters: ['Cookware/Material'] },
    { name: 'Tea', icon: 'cat-home.png', unit: 'box', filters: ['Tea/Origin'] },
    { name: 'Bedding', icon: 'cat-home.png', unit: 'set' },
  ] },
  { name: 'Outdoor', icon: 'cat-outdoor.png', unit: 'piece', keywords: 'camping,hiking', children: [
    { name: 'Tents', icon: 'cat-outdoor.png', unit: 'piece' },
    { name: 'Backpacks', icon: 'cat-outdoor.png', unit: 'piece' },
  ] },
  // What the demo sellers' shops sell (./demo-products.ts DEMO_TRADES).
  { name: 'Packaging', icon: 'cat-packaging.png', unit: 'pack', keywords: 'boxes,cartons,labels,bags', children: [
    { name: 'Mailer boxes', icon: 'cat-packaging.png', unit: 'pack', filters: ['Packaging/Material', 'Packaging/Print'] },
    { name: 'Shipping cartons', icon: 'cat-packaging.png', unit: 'pack', filters: ['Packaging/Material'] },
    { name: 'Gift boxes', icon: 'cat-packaging.png', unit: 'pack', filters: ['Packaging/Print'] },
    { name: 'Labels & stickers', icon: 'cat-packaging.png', unit: 'roll', filters: ['Labels/Finish'] },
    { name: 'Paper bags', icon: 'cat-packaging.png', unit: 'pack', filters: ['Bags and wrap/Material'] },
    { name: 'Protective packaging', icon: 'cat-packaging.png', unit: 'roll' },
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
  { name: 'New tea harvest', type: 0, pic: 'ad-tea.jpg', from: -5, to: 2, status: 1, sort: 80, url: 'https://shop.example.com/tea', note: 'Ends in two days' },
  { name: 'Headphones week', type: 0, pic: 'ad-audio.jpg', from: 3, to: 10, status: 0, sort: 70, url: 'https://shop.example.com/audio' },
  { name: 'Kitchen essentials', type: 0, pic: 'ad-kitchen.jpg', from: -40, to: -2, status: 0, sort: 60, url: 'https://shop.example.com/kitchen', note: 'Ended: kept for the report' },
  { name: 'App-only coupon: 30 off 199', type: 1, pic: 'ad-coupon.jpg', from: -2, to: 1, status: 1, sort: 90, url: 'https://m.shop.example.com/coupon', note: 'Expires tomorrow' },
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

export const seedDemoContent = async (db: Kysely<Database>, config: ContentConfig, repo: RepositoryOf): Promise<void> => {
  await storeImages(db, config);
  const actor: Actor = { adminId: null, ip: null, scope: ALL_SHOPS };
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
    await createAll('brand', DEMO_BRANDS.map(({ logo, sells: _sells, ...brand }) => ({ ...brand, firstLetter: brand.name[0], logo: img(logo), bigPic: img(logo) })));
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
  await seedDemoRecommendations(db, repo, actor);

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
