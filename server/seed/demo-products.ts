/**
 * The demo catalog (demo content only): 250 products spread over the seeded second-level
 * categories, brands, product types and shops, each shop selling what its trade is (DEMO_TRADES:
 * the demo sellers packaging, the platform's outlet consumer goods), each with SKUs built
 * from its type's specifications, parameter values, and some with a price strategy (promotion
 * price, member prices, quantity discounts, full/reduce tiers). Made through the product's own
 * repository (same validation, hooks, counters and audit rows as the API), with the shipped
 * images; a few are put in the recycle bin. Values come from a fixed pseudo-random sequence, so
 * every fresh start shows the same catalog.
 */
import { uniqueShopCode } from '../areas/shop/invite-code';
import type { Kysely } from 'kysely';
import type { Repository, Actor } from '../crud/repository';
import type { AnyKysely } from '../db/index';
import type { Database } from '../db/schema';
import { toDbTime } from '../db/time';

/** The demo's shops by name (./demo-tenancy.ts), and the platform's own outlet below. */
const SUNRISE_PACKAGING = 'Sunrise Packaging';
const SUNRISE_PRINT = 'Sunrise Print Studio';
const HARBOR_BOXES = 'Harbor Boxes';

/** The platform's own shop, owned by no seller. */
const OUTLET = 'Marketplace Outlet';

/**
 * What each demo shop sells (its trade), as second-level categories: the demo sellers make and
 * print packaging, the platform's outlet sells everything else. Every demo product is in its
 * shop's trade (tests/api/demo-content.test.ts).
 */
export const DEMO_TRADES: Readonly<Record<string, readonly string[]>> = {
  [SUNRISE_PACKAGING]: ['Mailer boxes', 'Shipping cartons', 'Protective packaging', 'Labels & stickers'],
  [SUNRISE_PRINT]: ['Labels & stickers', 'Paper bags', 'Gift boxes'],
  [HARBOR_BOXES]: ['Mailer boxes', 'Shipping cartons', 'Protective packaging', 'Gift boxes'],
  [OUTLET]: ['T-shirts', 'Jackets', 'Kids wear', 'Headphones', 'Chargers', 'Cookware', 'Tea', 'Bedding', 'Tents', 'Backpacks'],
};

/** Own labels: brands of a seller, sold in its shops only (./demo-content.ts DEMO_BRANDS). */
export const DEMO_OWN_LABELS: Readonly<Record<string, readonly string[]>> = {
  Sunrise: [SUNRISE_PACKAGING, SUNRISE_PRINT],
  'Harbor Boxes': [HARBOR_BOXES],
};

/**
 * What each seeded second-level category sells (server/seed/demo-content.ts CATEGORIES), by
 * which brands (each one that `sells` the category there) and in which shops, with how many
 * products each: 250 in all, 90 in `seller`'s two shops and 30 in `seller2`'s (below their
 * group's product quota), the rest in the outlet.
 */
type Line = {
  adjectives: readonly string[]; nouns: readonly string[]; price: readonly [number, number]; brands: readonly string[]; unit: string; weight: number;
  type?: string; shops: readonly (readonly [shop: string, products: number])[];
};
const OUTLET_ONLY = [[OUTLET, 13]] as const;

const LINES: Readonly<Record<string, Line>> = {
  'T-shirts': { adjectives: ['Organic', 'Everyday', 'Heavyweight', 'Striped', 'Washed', 'Linen-blend'], nouns: ['crew T-shirt', 'V-neck tee', 'pocket tee', 'long-sleeve tee', 'polo shirt'], price: [39, 129], brands: ['Summit Sports', 'Tidewater', 'Lotus Home'], unit: 'piece', weight: 220, type: 'Clothing', shops: OUTLET_ONLY },
  Jackets: { adjectives: ['Packable', 'Insulated', 'Waterproof', 'Fleece', 'Quilted', 'Softshell'], nouns: ['rain jacket', 'down jacket', 'windbreaker', 'parka', 'gilet'], price: [199, 899], brands: ['Tidewater', 'Northwind Outdoor', 'Summit Sports'], unit: 'piece', weight: 650, type: 'Clothing', shops: OUTLET_ONLY },
  'Kids wear': { adjectives: ['Tree-climber', 'Puddle-proof', 'Soft', 'Bright', 'Stretchy', 'Cosy'], nouns: ['dungarees', 'hoodie', 'rain suit', 'leggings', 'pyjamas'], price: [49, 259], brands: ['Maple Kids'], unit: 'piece', weight: 300, type: 'Clothing', shops: OUTLET_ONLY },
  Headphones: { adjectives: ['Studio', 'Travel', 'Open-back', 'Noise-cancelling', 'Sport', 'Everyday'], nouns: ['over-ear headphones', 'earbuds', 'on-ear headphones', 'neckband', 'DJ headphones'], price: [199, 1999], brands: ['Aurora Audio'], unit: 'pair', weight: 280, type: 'Headphones', shops: OUTLET_ONLY },
  Chargers: { adjectives: ['65 W', '30 W', 'Dual-port', 'Travel', 'Magnetic', 'Compact'], nouns: ['USB-C charger', 'power bank', 'charging stand', 'car charger', 'cable set'], price: [59, 399], brands: ['Aurora Audio'], unit: 'piece', weight: 150, shops: OUTLET_ONLY },
  Cookware: { adjectives: ['Hand-hammered', 'Pre-seasoned', 'Tri-ply', 'Flat-bottom', 'Enamelled', 'Lightweight'], nouns: ['wok', 'frying pan', 'steamer set', 'saucepan', 'stock pot'], price: [129, 799], brands: ['Jade Kitchen'], unit: 'piece', weight: 1800, type: 'Cookware', shops: OUTLET_ONLY },
  Tea: { adjectives: ['Spring', 'Mountain', 'Smoked', 'Aged', 'First-flush', 'Hand-rolled'], nouns: ['Longjing green tea', 'Tieguanyin oolong', 'Lapsang souchong', 'Pu-erh cake', 'jasmine pearls'], price: [68, 588], brands: ['Panda Tea'], unit: 'box', weight: 250, type: 'Tea', shops: OUTLET_ONLY },
  Bedding: { adjectives: ['Washed linen', 'Cotton sateen', 'Bamboo', 'Percale', 'Brushed cotton', 'Silk'], nouns: ['duvet cover set', 'fitted sheet', 'pillowcase pair', 'quilt', 'throw blanket'], price: [99, 1299], brands: ['Lotus Home'], unit: 'set', weight: 1500, shops: OUTLET_ONLY },
  Tents: { adjectives: ['Ultralight', 'Four-season', 'Family', 'Trekking-pole', 'Pop-up', 'Beach'], nouns: ['tent 2P', 'tent 3P', 'tent 4P', 'shelter', 'tarp'], price: [299, 2999], brands: ['Northwind Outdoor', 'Summit Sports'], unit: 'piece', weight: 1900, shops: OUTLET_ONLY },
  Backpacks: { adjectives: ['Alpine', 'Commuter', 'Roll-top', 'Day', 'Trekking', 'Kids'], nouns: ['backpack 30 L', 'backpack 45 L', 'daypack 20 L', 'hip pack', 'duffel 60 L'], price: [149, 1299], brands: ['Northwind Outdoor', 'Summit Sports', 'Maple Kids'], unit: 'piece', weight: 900, shops: OUTLET_ONLY },
  'Mailer boxes': { adjectives: ['Kraft', 'White', 'Black', 'Recycled', 'Printed', 'Tuck-front'], nouns: ['mailer box', 'postal box', 'subscription box', 'book mailer', 'shoe mailer'], price: [39, 299], brands: ['Sunrise', 'Harbor Boxes'], unit: 'pack', weight: 2400, type: 'Packaging', shops: [[SUNRISE_PACKAGING, 15], [HARBOR_BOXES, 5]] },
  'Shipping cartons': { adjectives: ['Single-wall', 'Double-wall', 'Heavy-duty', 'Removal', 'Long', 'Recycled'], nouns: ['shipping carton', 'moving box', 'archive box', 'pallet box', 'bottle carton'], price: [49, 399], brands: ['Harbor Boxes', 'Sunrise'], unit: 'pack', weight: 5200, type: 'Packaging', shops: [[SUNRISE_PACKAGING, 10], [HARBOR_BOXES, 10]] },
  'Gift boxes': { adjectives: ['Magnetic-lid', 'Two-piece', 'Drawer', 'Foil-stamped', 'Window', 'Linen-covered'], nouns: ['gift box', 'wine box', 'jewellery box', 'tea gift box', 'hamper box'], price: [59, 499], brands: ['Sunrise', 'Harbor Boxes'], unit: 'pack', weight: 1800, type: 'Packaging', shops: [[SUNRISE_PRINT, 10], [HARBOR_BOXES, 10]] },
  'Labels & stickers': { adjectives: ['Round', 'Kraft', 'Clear', 'Gloss', 'Matte', 'Fragile'], nouns: ['label roll', 'sticker sheet', 'seal sticker', 'address label roll', 'barcode label roll'], price: [19, 189], brands: ['Sunrise'], unit: 'roll', weight: 400, type: 'Labels', shops: [[SUNRISE_PRINT, 15], [SUNRISE_PACKAGING, 5]] },
  'Paper bags': { adjectives: ['Twisted-handle', 'Flat-handle', 'Kraft', 'Printed', 'Gift', 'Grease-proof'], nouns: ['paper bag', 'carrier bag', 'bakery bag', 'bottle bag', 'shopping bag'], price: [29, 259], brands: ['Sunrise', 'EcoWrap'], unit: 'pack', weight: 1600, type: 'Bags and wrap', shops: [[SUNRISE_PRINT, 20]] },
  'Protective packaging': { adjectives: ['Honeycomb', 'Crinkle', 'Kraft', 'Padded', 'Corner', 'Paper'], nouns: ['wrap roll', 'void fill', 'padded envelope', 'edge protector', 'packing tape'], price: [25, 219], brands: ['EcoWrap'], unit: 'roll', weight: 1200, type: 'Bags and wrap', shops: [[SUNRISE_PACKAGING, 15], [HARBOR_BOXES, 5]] },
};

/**
 * The demo special topics and preference areas (`mall` has 6 and 4), with the categories whose
 * products they gather: every other product of those categories is linked to the topic, every
 * third to the area (by its serial, so the catalog's random sequence stays as it was).
 */
export const DEMO_SUBJECTS = [
  { title: 'Summer on the trail', categoryName: 'Outdoor', categories: ['Tents', 'Backpacks', 'Jackets'], recommendStatus: 1 },
  { title: 'The tea table', categoryName: 'Home', categories: ['Tea', 'Cookware'], recommendStatus: 1 },
  { title: 'Back to school', categoryName: 'Kids', categories: ['Kids wear', 'Backpacks'], recommendStatus: 0 },
  { title: 'Work from anywhere', categoryName: 'Electronics', categories: ['Headphones', 'Chargers'], recommendStatus: 1 },
  { title: 'A cosy bedroom', categoryName: 'Home', categories: ['Bedding'], recommendStatus: 0 },
  { title: 'Ready to ship', categoryName: 'Packaging', categories: ['Mailer boxes', 'Shipping cartons', 'Protective packaging'], recommendStatus: 0 },
] as const;
export const DEMO_PREFRENCE_AREAS = [
  { name: 'Great sound', subTitle: 'Headphones our buyers keep', sort: 40, categories: ['Headphones'] },
  { name: 'Into the wild', subTitle: 'Gear for a weekend away', sort: 30, categories: ['Tents', 'Backpacks', 'Jackets'] },
  { name: 'Slow mornings', subTitle: 'Tea, pans and linen', sort: 20, categories: ['Tea', 'Cookware', 'Bedding'] },
  { name: 'Small and handy', subTitle: 'Chargers, tees and kids wear', sort: 10, categories: ['Chargers', 'Kids wear', 'T-shirts'] },
] as const;

/** A fixed pseudo-random sequence (a linear congruential generator), so the catalog is the same on every fresh start. */
const sequence = (seed: number) => {
  let state = seed;
  const next = (): number => { state = (state * 1_103_515_245 + 12_345) % 2_147_483_648; return state / 2_147_483_648; };
  return { next, int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)), pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]! };
};

const round = (value: number): number => Math.round(value * 100) / 100;

type Named = { id: number; name: string };

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
  // Each line's products go to the shops its declaration names (the outlet, a shop of no seller's,
  // made here on first use), spread through the line so every shop gets each kind of product.
  const outlet = (await q.selectFrom('shop').select('id').where('shop_name', '=', OUTLET).executeTakeFirst())
    ?? await q.insertInto('shop').values({
      shop_name: OUTLET, owner_id: null, status: 1, create_time: toDbTime(), invite_code: await uniqueShopCode(q),
      company_name: 'Marketplace Operations Ltd.', country: 'Singapore', city: 'Singapore', currency: 'USD', auto_approve: 1,
      paypal_offline: 1, paypal_account: 'outlet@marketplace.example.com',
    }).returning('id').executeTakeFirstOrThrow();
  const shopIds = new Map<string, number>((await q.selectFrom('shop').select(['id', 'shop_name']).where('shop_name', 'in', Object.keys(DEMO_TRADES)).execute())
    .map((shop: { id: number; shop_name: string }) => [shop.shop_name, Number(shop.id)]));
  /** The shop of each of a line's products, by name. */
  const shopsOf = (line: Line): string[] => {
    const slots = line.shops.flatMap(([shop, count]) => Array.from({ length: count }, () => shop));
    // A stride prime to the count: the shops alternate along the line.
    const stride = [7, 11, 13].find((n) => slots.length % n !== 0) ?? 1;
    return slots.map((_slot, i) => slots[(i * stride) % slots.length]!);
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
    for (const [i, shop] of shopsOf(line).entries()) {
      serial += 1;
      const shopId = shopIds.get(shop) ?? Number(outlet.id);
      // A seller's own label only in its own shops.
      const shopBrands = lineBrands.filter((b) => DEMO_OWN_LABELS[b.name]?.includes(shop) ?? true);
      const brand = shopBrands.length ? random.pick(shopBrands) : null;
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
        shopId,
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
