/**
 * English menu titles written into ums_menu.title by the seed. The admin translates menus by
 * `name` (i18n `menu.<name>`); the title is what `mall` clients and the menu screens show.
 * A unit test checks that every route of src/schema/routes.ts SECTIONS has a title here.
 */
export const MENU_TITLES: Readonly<Record<string, string>> = {
  shop: 'Shops', shopList: 'Shop list', addShop: 'Add shop', updateShop: 'Edit shop',
  pms: 'Products', product: 'Products', addProduct: 'Add product', updateProduct: 'Edit product',
  productCate: 'Product categories', addProductCate: 'Add category', updateProductCate: 'Edit category',
  productAttr: 'Product types', productAttrList: 'Product attributes', addProductAttr: 'Add attribute',
  updateProductAttr: 'Edit attribute', brand: 'Brands', addBrand: 'Add brand', updateBrand: 'Edit brand',
  oms: 'Orders', order: 'Orders', orderDetail: 'Order detail', deliverOrderList: 'Ship orders',
  balanceList: 'Cashier balances', orderSetting: 'Order settings', returnApply: 'Return requests',
  returnApplyDetail: 'Return request detail', returnReason: 'Return reasons',
  sms: 'Marketing', flash: 'Flash sales', flashSession: 'Flash sessions', selectSession: 'Select session',
  flashProductRelation: 'Flash sale products', coupon: 'Coupons', addCoupon: 'Add coupon', updateCoupon: 'Edit coupon',
  couponHistory: 'Coupon history', homeBrand: 'Brand recommendations', homeNew: 'New products',
  homeHot: 'Popular products', homeSubject: 'Special topics', homeAdvertise: 'Advertisements',
  addHomeAdvertise: 'Add advertisement', updateHomeAdvertise: 'Edit advertisement',
  member: 'Members', memberList: 'Member list', memberLevel: 'Member levels',
  pay: 'Payments', payIndex: 'VIP purchase', payRecord: 'Pay records',
  mold: 'Die-cutting molds', kmold: 'Molds',
  rms: 'Referrals', relationList: 'Referrers', link: 'Invite links', distributeList: 'Distribution', clickList: 'Click records',
  ums: 'Permissions', admin: 'Admins', role: 'Roles', allocMenu: 'Allocate menus', allocResource: 'Allocate resources',
  menu: 'Menus', addMenu: 'Add menu', updateMenu: 'Edit menu', resource: 'Resources',
  resourceCategory: 'Resource categories', group: 'Groups', user_group: 'User groups', capacity: 'Capacity warning', auditLog: 'Audit log',
};

/** `memberLevel` -> `Member level`, `user_group` -> `User group`: a readable stand-in for a route added without a title. */
export const humanizeName = (name: string): string => {
  const words = name.replace(/_/g, ' ').replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase().trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
};

/**
 * The title of a menu. A route added to routes.ts before its title is added here still seeds
 * (with a humanized name) rather than breaking the first start; the unit test flags it.
 */
export const menuTitle = (name: string): string => MENU_TITLES[name] ?? humanizeName(name);
