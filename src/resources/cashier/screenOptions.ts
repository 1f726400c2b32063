import type { ScreenOptionsByEntity } from '../../engine/area';
import { BindOrdersButton, BoundAmountCell, RelatedOrdersCell } from './balanceList';

export const screenOptions: ScreenOptionsByEntity = {
  // The generated balance list, with what is bound and left, its related orders (unbind per order) and "Bind orders" per row (./balanceList.tsx).
  balance: { cells: { boundAmount: BoundAmountCell, orders: RelatedOrdersCell }, rowActions: BindOrdersButton },
};
