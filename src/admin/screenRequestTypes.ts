/**
 * The shape of the route -> first-request table (src/admin/screenRequestTable.ts, generated from the
 * declarations by src/admin/screenRequestPlan.ts): what the entry needs to start a screen's first
 * call without loading the declarations (their code is not there yet).
 */
export type SortSpec = { readonly field: string; readonly order: 'ASC' | 'DESC' };

/** An entity's unpinned list: its URL (no `{field}` segments), stored-params key and sorting rules. */
export type ListRequestPlan = {
  readonly url: string;
  /** react-admin's store key of the list (src/engine/EntityList.tsx `storeKey`). */
  readonly storeKey: string;
  /**
   * The declaration's sort, or none: react-admin asks for it (else `id DESC`) when no sort is given,
   * and the data provider sends it for a field that is not sortable.
   */
  readonly defaultSort: SortSpec | null;
  /** The fields a list may be sorted by. */
  readonly sortable: readonly string[];
};

export type ScreenRequestEntry = {
  /** `list` for the entity's list route, `edit` for its edit route. */
  readonly kind: 'list' | 'edit';
  /** The list's first page; null when the list needs what only the entity's code knows (a `{field}` path). */
  readonly list: ListRequestPlan | null;
  /** The record URL with an `{id}` placeholder; null when the entity reads no record by id. */
  readonly get: string | null;
};

/** By route path (`/pms/product`). */
export type ScreenRequestTable = Readonly<Record<string, ScreenRequestEntry>>;

/** What every list's first request takes from the rules and the admin's store (src/schema/rules.ts, ./storeKey.ts). */
export type ListDefaults = {
  /** react-admin's store key prefix (`ADMIN_STORE_KEY`). */
  readonly adminStoreKey: string;
  /** The first page size offered (`PAGE_SIZE.choices[0]`). */
  readonly perPage: number;
  /** The largest page the data provider asks for (`PAGE_SIZE.max`). */
  readonly maxPerPage: number;
};
