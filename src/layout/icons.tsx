/**
 * The drawing of every `IconName` of src/schema/routes.ts. Icons are imported one by one so
 * the bundle carries only these, not the whole icon set.
 */
import type { SvgIconComponent } from '@mui/icons-material';
import AccountBalanceWallet from '@mui/icons-material/AccountBalanceWallet';
import AddCircleOutline from '@mui/icons-material/AddCircleOutline';
import AdminPanelSettings from '@mui/icons-material/AdminPanelSettings';
import AdsClick from '@mui/icons-material/AdsClick';
import AssignmentReturn from '@mui/icons-material/AssignmentReturn';
import Badge from '@mui/icons-material/Badge';
import BrandingWatermark from '@mui/icons-material/BrandingWatermark';
import Campaign from '@mui/icons-material/Campaign';
import Category from '@mui/icons-material/Category';
import ContentCut from '@mui/icons-material/ContentCut';
import Edit from '@mui/icons-material/Edit';
import FiberNew from '@mui/icons-material/FiberNew';
import FlashOn from '@mui/icons-material/FlashOn';
import Groups from '@mui/icons-material/Groups';
import HelpOutline from '@mui/icons-material/HelpOutline';
import History from '@mui/icons-material/History';
import Home from '@mui/icons-material/Home';
import Image from '@mui/icons-material/Image';
import Inventory2 from '@mui/icons-material/Inventory2';
import Key from '@mui/icons-material/Key';
import Label from '@mui/icons-material/Label';
import Link from '@mui/icons-material/Link';
import ListAlt from '@mui/icons-material/ListAlt';
import LocalOffer from '@mui/icons-material/LocalOffer';
import Menu from '@mui/icons-material/Menu';
import Paid from '@mui/icons-material/Paid';
import Payment from '@mui/icons-material/Payment';
import People from '@mui/icons-material/People';
import Receipt from '@mui/icons-material/Receipt';
import Security from '@mui/icons-material/Security';
import Settings from '@mui/icons-material/Settings';
import Share from '@mui/icons-material/Share';
import ShoppingCart from '@mui/icons-material/ShoppingCart';
import Star from '@mui/icons-material/Star';
import Storage from '@mui/icons-material/Storage';
import Store from '@mui/icons-material/Store';
import Topic from '@mui/icons-material/Topic';
import Whatshot from '@mui/icons-material/Whatshot';
import WorkspacePremium from '@mui/icons-material/WorkspacePremium';
import type { SvgIconProps } from '@mui/material/SvgIcon';
import type { IconName } from '../schema/routes';

export const ICONS: Readonly<Record<IconName, SvgIconComponent>> = {
  home: Home,
  store: Store,
  inventory: Inventory2,
  cart: ShoppingCart,
  campaign: Campaign,
  people: People,
  payment: Payment,
  mold: ContentCut,
  share: Share,
  security: Security,
  list: ListAlt,
  add: AddCircleOutline,
  edit: Edit,
  category: Category,
  label: Label,
  brand: BrandingWatermark,
  receipt: Receipt,
  wallet: AccountBalanceWallet,
  settings: Settings,
  undo: AssignmentReturn,
  help: HelpOutline,
  flash: FlashOn,
  coupon: LocalOffer,
  star: Star,
  fiber_new: FiberNew,
  whatshot: Whatshot,
  topic: Topic,
  image: Image,
  vip: WorkspacePremium,
  history: History,
  link: Link,
  click: AdsClick,
  money: Paid,
  admin: AdminPanelSettings,
  role: Badge,
  menu: Menu,
  resource: Key,
  group: Groups,
  storage: Storage,
};

const isIconName = (name: string): name is IconName => Object.hasOwn(ICONS, name);

/** Draws the icon the server's menu row names, or the route's own when the admin does not know it. */
export const MenuIcon = ({ name, fallback, ...props }: { name: string; fallback: IconName } & SvgIconProps) => {
  const Icon = ICONS[isIconName(name) ? name : fallback];
  return <Icon {...props} />;
};
