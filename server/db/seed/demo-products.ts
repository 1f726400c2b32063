/**
 * The demo catalog (demo content only): a few hundred products spread over the seeded
 * second-level categories, brands, product types and the demo sellers' shops, each with SKUs built
 * from its type's specifications, parameter values, and some with a price strategy (promotion
 * price, member prices, quantity discounts, full/reduce tiers). Made through the product's own
 * repository (same validation, hooks, counters and audit rows as the API), with the shipped
 * images; a few are put in the recycle bin. Values come from a fixed pseudo-random sequence, so
 * every fresh start shows the same catalog.
 */
import { uniqueShopCode } from '../../areas/shop/invite-code';
import type { Kysely } from 'kysely';
import type { Repository, Actor } from '../../crud/repository';
import type { AnyKysely } from '../index';
import type { Database } from '../schema';
import { toDbTime } from '../time';

/** Products per second-level category: 10 categories, 250 products. */
const PER_CATEGORY = 25;

type Line = { adjectives: readonly string[]; nouns: readonly string[]; price: readonly [number, number]; brands: readonly string[]; unit: string; weight: number; type?: string };

/** What each seeded second-level category sells (server/db/seed/demo-content.ts CATEGORIES). */
const LINES: Readonly<Record<string, Line>> = {
  'T-shirts': { adjectives: ['Organic', 'Everyday', 'Heavyweight', 'Striped', 'Washed', 'Linen-blend'], nouns: ['crew T-shirt', 'V-neck tee', 'pocket tee', 'long-sleeve tee', 'polo shirt'], price: [39, 129], brands: ['Summit Sports', 'Blue Harbor', 'Lotus Home 莲花家居'], unit: '件', weight: 220, type: 'Clothing' },
  Jackets: { adjectives: ['Packable', 'Insulated', 'Waterproof', 'Fleece', 'Quilted', 'Softshell'], nouns: ['rain jacket', 'down jacket', 'windbreaker', 'parka', 'gilet'], price: [199, 899], brands: ['Blue Harbor', 'Northwind Outdoor', 'Summit Sports'], unit: '件', weight: 650, type: 'Clothing' },
  'Kids wear': { adjectives: ['Tree-climber', 'Puddle-proof', 'Soft', 'Bright', 'Stretchy', 'Cosy'], nouns: ['dungarees', 'hoodie', 'rain suit', 'leggings', 'pyjamas'], price: [49, 259], brands: ['Maple Kids'], unit: '件', weight: 300, type: 'Clothing' },
  Headphones: { adjectives: ['Studio', 'Travel', 'Open-back', 'Noise-cancelling', 'Sport', 'Everyday'], nouns: ['over-ear headphones', 'earbuds', 'on-ear headphones', 'neckband', 'DJ headphones'], price: [199, 1999], brands: ['Aurora Audio'], unit: '副', weight: 280, type: 'Headphones' },
  Chargers: { adjectives: ['65 W', '30 W', 'Dual-port', 'Travel', 'Magnetic', 'Compact'], nouns: ['USB-C charger', 'power bank', 'charging stand', 'car charger', 'cable set'], price: [59, 399], brands: ['Aurora Audio'], unit: '个', weight: 150 },
  Cookware: { adjectives: ['Hand-hammered', 'Pre-seasoned', 'Tri-ply', 'Flat-bottom', 'Enamelled', 'Lightweight'], nouns: ['wok', 'frying pan', 'steamer set', 'saucepan', 'stock pot'], price: [129, 799], brands: ['Jade Kitchen 玉厨'], unit: '口', weight: 1800, type: 'Cookware' },
  Tea: { adjectives: ['Spring', 'Mountain', 'Smoked', 'Aged', 'First-flush', 'Hand-rolled'], nouns: ['Longjing green tea', 'Tieguanyin oolong', 'Lapsang souchong', 'Pu-erh cake', 'jasmine pearls'], price: [68, 588], brands: ['Panda Tea 熊猫茶坊'], unit: '盒', weight: 250, type: 'Tea' },
  Bedding: { adjectives: ['Washed linen', 'Cotton sateen', 'Bamboo', 'Percale', 'Brushed cotton', 'Silk'], nouns: ['duvet cover set', 'fitted sheet', 'pillowcase pair', 'quilt', 'throw blanket'], price: [99, 1299], brands: ['Lotus Home 莲花家居'], unit: '套', weight: 1500 },
  Tents: { adjectives: ['Ultralight', 'Four-season', 'Family', 'Trekking-pole', 'Pop-up', 'Beach'], nouns: ['tent 2P', 'tent 3P', 'tent 4P', 'shelter', 'tarp'], price: [299, 2999], brands: ['Northwind Outdoor', 'Summit Sports'], unit: '顶', weight: 1900 },
  Backpacks: { adjectives: ['Alpine', 'Commuter', 'Roll-top', 'Day', 'Trekking', 'Kids'], nouns: ['backpack 30 L', 'backpack 45 L', 'daypack 20 L', 'hip pack', 'duffel 60 L'], price: [149, 1299], brands: ['Northwind Outdoor', 'Summit Sports', 'Maple Kids'], unit: '个', weight: 900 },
};

/**
 * The demo special topics and preference areas (`mall` has 6 and 4), with the categories whose
 * products they gather: every other product of those categories is linked to the topic, every
 * third to the area (by its serial, so the catalog's random sequence stays as it was).
 */
export const DEMO_SUBJECTS = [
  { title: 'Summer on the trail 夏日徒步', categoryName: 'Outdoor', categories: ['Tents', 'Backpacks', 'Jackets'], recommendStatus: 1 },
  { title: 'The tea table 茶席', categoryName: 'Home', categories: ['Tea', 'Cookware'], recommendStatus: 1 },
  { title: 'Back to school 开学季', categoryName: 'Kids', categories: ['Kids wear', 'Backpacks'], recommendStatus: 0 },
  { title: 'Work from anywhere 随处办公', categoryName: 'Electronics', categories: ['Headphones', 'Chargers'], recommendStatus: 1 },
  { title: 'A cosy bedroom 温馨卧室', categoryName: 'Home', categories: ['Bedding'], recommendStatus: 0 },
  { title: 'Everyday basics 日常必备', categoryName: 'Apparel', categories: ['T-shirts'], recommendStatus: 0 },
] as const;
export const DEMO_PREFRENCE_AREAS = [
  { name: 'Great sound 让音质更出众', subTitle: 'Headphones our buyers keep', sort: 40, categories: ['Headphones'] },
  { name: 'Into the wild 户外精选', subTitle: 'Gear for a weekend away', sort: 30, categories: ['Tents', 'Backpacks', 'Jackets'] },
  { name: 'Slow mornings 慢生活', subTitle: 'Tea, pans and linen', sort: 20, categories: ['Tea', 'Cookware', 'Bedding'] },
  { name: 'Small and handy 小物件', subTitle: 'Chargers and kids wear', sort: 10, categories: ['Chargers', 'Kids wear', 'T-shirts'] },
] as const;

/** A fixed pseudo-random sequence (a linear congruential generator), so the catalog is the same on every fresh start. */
const sequence = (seed: number) => {
  let state = seed;
  const next = (): number => { state = (state * 1_103_515_245 + 12_345) % 2_147_483_648; return state / 2_147_483_648; };
  return { next, int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)), pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]! };
};

const round = (value: number): number => Math.round(value * 100) / 100;

type Named = { id: number; name: string };

/** The platform's own shop, owned by no seller. */
export const OUTLET = 'Marketplace Outlet 平台自营';

/** The demo's ownerless outlet shop, if the demo content made it: `--demo`'s default shop (DEFAULT_SHOP_ID). */
export const outletShopId = async (db: AnyKysely): Promise<number | null> => {
  const row = await db.selectFrom('shop').select('id').where('shop_name', '=', OUTLET).executeTakeFirst();
  return row ? Number(row.id) : null;
};

export const seedDemoProducts = async (
  db: Kysely<Database>, repo: Repository, actor: Actor,
): Promise<void> => {
  const q = db as unknown as AnyKysely;
  const categories: (Named & { parent_id: number; icon: string | null })[] = await q.selectFrom('pms_product_category')
    .select(['id', 'name', 'parent_id', 'icon']).where('level', '=', 1).orderBy('id').execute();
  const brands: (Named & { logo: string })[] = await q.selectFrom('pms_brand').select(['id', 'name', 'logo']).orderBy('id').execute();
  const types: Named[] = await q.selectFrom('pms_product_attribute_category').select(['id', 'name']).execute();
  const attributes: (Named & { product_attribute_category_id: number; type: number; input_list: string | null })[] =
    await q.selectFrom('pms_product_attribute').select(['id', 'name', 'product_attribute_category_id', 'type', 'input_list']).orderBy('sort', 'desc').execute();
  const levels: Named[] = await q.selectFrom('ums_member_level').select(['id', 'name']).orderBy('id').execute();
  const subjects: { id: number; title: string }[] = await q.selectFrom('cms_subject').select(['id', 'title']).orderBy('id').execute();
  const areas: Named[] = await q.selectFrom('cms_prefrence_area').select(['id', 'name']).orderBy('id').execute();
  const linksOf = <D extends { categories: readonly string[] }>(decls: readonly D[], rows: readonly { id: number }[], key: (d: D) => string,
    rowKey: (row: { id: number } & Record<string, unknown>) => string, category: string): number[] =>
    decls.filter((d) => d.categories.includes(category))
      .flatMap((d) => rows.filter((row) => rowKey(row as never) === key(d)).map((row) => Number(row.id)));
  // Most of the catalog is the platform's own outlet (a shop of no seller's); the demo sellers get
  // some each, below their group's product quota.
  const owned: { id: number; owner_id: number | null }[] = await q.selectFrom('shop').select(['id', 'owner_id']).where('owner_id', 'is not', null).orderBy('id').execute();
  const outlet = (await q.selectFrom('shop').select('id').where('shop_name', '=', OUTLET).executeTakeFirst())
    ?? await q.insertInto('shop').values({
      shop_name: OUTLET, owner_id: null, status: 1, create_time: toDbTime(), invite_code: await uniqueShopCode(q),
      company_name: 'Marketplace Operations Ltd.', country: 'Singapore', city: 'Singapore', currency: 'USD', auto_approve: 1,
      paypal_offline: 1, paypal_account: 'outlet@marketplace.example.com',
    }).returning('id').executeTakeFirstOrThrow();
  const owners = [...new Set(owned.map((shop) => Number(shop.owner_id)))];
  const shopFor = (serial: number): number => {
    const slot = serial % 10;
    const owner = owners[slot < 3 ? 0 : 1];
    const theirs = owned.filter((shop) => Number(shop.owner_id) === owner);
    return slot < 4 && theirs.length ? theirs[serial % theirs.length]!.id : Number(outlet.id);
  };
  if (!categories.length) return;

  const random = sequence(20_240_601);
  const now = Date.now();
  const day = 24 * 60 * 60 * 1000;
  let serial = 0;
  const recycled: number[] = [];
  for (const category of categories) {
    const line = LINES[category.name];
    if (!line) continue;
    const type = types.find((t) => t.name === line.type);
    const specs = type ? attributes.filter((a) => Number(a.product_attribute_category_id) === Number(type.id) && Number(a.type) === 0) : [];
    const params = type ? attributes.filter((a) => Number(a.product_attribute_category_id) === Number(type.id) && Number(a.type) === 1) : [];
    const lineBrands = brands.filter((b) => line.brands.includes(b.name));
    for (let i = 0; i < PER_CATEGORY; i += 1) {
      serial += 1;
      const brand = lineBrands.length ? random.pick(lineBrands) : null;
      const adjective = line.adjectives[i % line.adjectives.length]!;
      const noun = line.nouns[Math.floor(i / line.adjectives.length) % line.nouns.length]!;
      const name = `${brand ? `${brand.name.split(' ')[0]} ` : ''}${adjective} ${noun}`;
      const price = round(line.price[0] + random.next() * (line.price[1] - line.price[0]));
      // SKUs: every combination of up to two values of the first two specifications.
      const axes = specs.slice(0, 2).map((spec) => ({ key: spec.name, values: (spec.input_list ?? '').split(',').slice(random.int(0, 1)).slice(0, random.int(1, 3)) }));
      let combos: { key: string; value: string }[][] = [[]];
      for (const axis of axes) combos = combos.flatMap((combo) => axis.values.map((value) => [...combo, { key: axis.key, value }]));
      const skuStockList = (axes.length ? combos : [[]]).map((combo, index) => ({
        skuCode: '', price: round(price + index * 10), stock: random.next() < 0.1 ? -1 : random.int(0, 200), lowStock: 5,
        spData: JSON.stringify(combo),
      }));
      const strategy = random.int(0, 5);
      const start = new Date(now - random.int(1, 10) * day).toISOString();
      const end = new Date(now + random.int(3, 30) * day).toISOString();
      const record = await repo.create({
        shopId: shopFor(serial),
        productCategoryId: category.id,
        brandId: brand?.id ?? null,
        productAttributeCategoryId: type?.id ?? null,
        name,
        subTitle: `${adjective} ${noun} from ${brand?.name ?? 'our own workshop'}`,
        description: `${name}: ${noun} in ${category.name.toLowerCase()}, ${line.weight} g.`,
        productSn: `P${String(category.id).padStart(2, '0')}${String(serial).padStart(5, '0')}`,
        price,
        originalPrice: round(price * 1.25),
        stock: skuStockList.reduce((sum, s) => (sum < 0 || s.stock < 0 ? -1 : sum + s.stock), 0),
        lowStock: 10,
        unit: line.unit,
        weight: line.weight + random.int(0, 50),
        sort: random.int(0, 100),
        publishStatus: random.next() < 0.75 ? 1 : 0,
        newStatus: random.next() < 0.25 ? 1 : 0,
        recommandStatus: random.next() < 0.3 ? 1 : 0,
        serviceIds: random.pick(['1,2,3', '1,2', '3', '']),
        keywords: `${category.name},${noun}`,
        pic: brand?.logo ?? category.icon,
        albumPics: [category.icon, brand?.logo].filter((url): url is string => Boolean(url)),
        detailTitle: name,
        detailDesc: `Why people like the ${noun}.`,
        detailHtml: `<h2>${name}</h2><p>${adjective} ${noun}, made to last.</p><ul><li>Weight: ${line.weight} g</li><li>Unit: ${line.unit}</li></ul>`,
        detailMobileHtml: `<p>${adjective} ${noun}, made to last.</p>`,
        promotionType: strategy,
        ...(strategy === 1 ? { promotionPrice: round(price * 0.85), promotionStartTime: start, promotionEndTime: end } : {}),
        memberPriceList: strategy === 2 ? levels.map((level, n) => ({ memberLevelId: level.id, memberPrice: round(price * (0.95 - n * 0.03)), memberLevelName: level.name })) : [],
        productLadderList: strategy === 3 ? [{ count: 2, discount: 0.95, price: 0 }, { count: 5, discount: 0.85, price: 0 }] : [],
        productFullReductionList: strategy === 4 ? [{ fullPrice: 200, reducePrice: 20 }, { fullPrice: 500, reducePrice: 60 }] : [],
        skuStockList,
        subjectProductRelationList: serial % 2 === 0
          ? linksOf(DEMO_SUBJECTS, subjects, (d) => d.title, (row) => String(row.title), category.name).map((subjectId) => ({ subjectId })) : [],
        prefrenceAreaProductRelationList: serial % 3 === 0
          ? linksOf(DEMO_PREFRENCE_AREAS, areas, (d) => d.name, (row) => String(row.name), category.name).map((prefrenceAreaId) => ({ prefrenceAreaId })) : [],
        productAttributeValueList: [
          ...axes.map((axis) => ({ productAttributeId: specs.find((s) => s.name === axis.key)!.id, value: axis.values.join(',') })),
          ...params.filter((p) => p.input_list).map((p) => ({ productAttributeId: p.id, value: random.pick((p.input_list ?? '').split(',')) })),
        ],
      }, actor);
      // What only the platform and the shop's buyers set: verification and sales so far.
      await q.updateTable('pms_product').set({ verify_status: random.next() < 0.8 ? 1 : 0, sale: random.int(0, 900) }).where('id', '=', record.id).execute();
      if (serial % 60 === 7) recycled.push(record.id);
    }
  }
  if (recycled.length) await repo.remove(recycled, actor);
};
