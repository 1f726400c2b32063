/**
 * The "Columns" button of the engine's lists: shows and hides the list's columns and orders them
 * (react-admin's ColumnsButton and ColumnsSelector, the same switches, drag handles and store), with
 * the chooser drawn only while its popover is open.
 *
 * Why: react-admin's DataTable draws its chooser (a switch and a drag handle per column: ~440
 * components on the product list, more than half of what 10 rows cost) into the button's popover,
 * which stays mounted while closed; on a cold open that was a pass of its own, and the button drew
 * again to attach it. Its search field's `autoFocus` also forced a style recalculation
 * of the whole page when it mounted with the rows (bench/render.ts). DataTable's own chooser looks
 * for a container this button never makes, so it draws nothing.
 */
import SearchIcon from '@mui/icons-material/Search';
import ViewWeekIcon from '@mui/icons-material/ViewWeek';
import Box from '@mui/material/Box';
import InputAdornment from '@mui/material/InputAdornment';
import MenuList from '@mui/material/MenuList';
import Popover from '@mui/material/Popover';
import type { ReactNode } from 'react';
import { Children, useMemo, useState } from 'react';
import {
  Button, DataTableColumnFilterContext, DataTableColumnRankContext, DataTableRenderContext, DataTableStoreContext,
  ResettableTextField, useResourceContext, useStore, useTranslate,
} from 'react-admin';

const EMPTY: string[] = [];

/** Ranks for `length` columns: the stored order, then the columns it does not name yet in their own order. */
const paddedRanks = (ranks: readonly number[], length: number): number[] =>
  [...ranks, ...Array.from({ length: Math.max(0, length - ranks.length) }, (_, i) => ranks.length + i)];

/** react-admin's ColumnsSelector, drawn in place (it draws through a portal into a container it polls for). */
const ColumnsChooser = ({ columns, storeKey, defaultHiddenColumns }: {
  readonly columns: ReactNode; readonly storeKey: string; readonly defaultHiddenColumns: string[];
}) => {
  const translate = useTranslate();
  const [columnRanks, setColumnRanks] = useStore<number[] | undefined>(`${storeKey}_columnRanks`);
  const [, setHiddenColumns] = useStore<string[]>(storeKey, defaultHiddenColumns);
  const [filter, setFilter] = useState('');
  const items = Children.toArray(columns);
  return (
    <Box sx={{ pt: 1 }}>
      {items.length > 5 && (
        <Box sx={{ mb: 1 }}>
          <ResettableTextField
            hiddenLabel
            label=""
            value={filter}
            onChange={(event: string | { target: { value: string } }) => setFilter(typeof event === 'string' ? event : event.target.value)}
            placeholder={translate('ra.action.search_columns', { _: 'Search columns' })}
            InputProps={{ endAdornment: <InputAdornment position="end"><SearchIcon color="disabled" /></InputAdornment> }}
            resettable
            autoFocus
            size="small"
          />
        </Box>
      )}
      <MenuList sx={{ pt: 0 }}>
        {paddedRanks(columnRanks ?? [], items.length).map((position, index) => (
          <DataTableColumnRankContext.Provider value={position} key={index}>
            <DataTableColumnFilterContext.Provider value={filter}>
              {items[position]}
            </DataTableColumnFilterContext.Provider>
          </DataTableColumnRankContext.Provider>
        ))}
      </MenuList>
      <Box className="columns-selector-actions" sx={{ textAlign: 'center', mb: 1 }}>
        <Button
          onClick={() => {
            setColumnRanks(undefined);
            setHiddenColumns(defaultHiddenColumns);
          }}
          label="ra.action.reset"
        />
      </Box>
    </Box>
  );
};

const ANCHOR_ORIGIN = { vertical: 'bottom', horizontal: 'left' } as const;
const TRANSFORM_ORIGIN = { vertical: 'top', horizontal: 'left' } as const;

/**
 * `columns`: the list's DataTable columns (its children); `hiddenColumns`: its default hidden ones
 * (DataTable's `hiddenColumns`), which "Reset" brings back.
 */
export const ListColumnsButton = ({ columns, hiddenColumns }: { readonly columns: ReactNode; readonly hiddenColumns: string[] | undefined }) => {
  const resource = useResourceContext();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const defaultHiddenColumns = hiddenColumns ?? EMPTY;
  // DataTable's default store key: the hidden columns and their order are the table's own.
  const storeKey = `${String(resource)}.datatable`;
  const store = useMemo(() => ({ storeKey, defaultHiddenColumns }), [storeKey, defaultHiddenColumns]);
  return (
    <>
      <Button label="ra.action.select_columns" onClick={(event) => setAnchor(event.currentTarget)}>
        <ViewWeekIcon />
      </Button>
      {anchor && (
        <Popover open anchorEl={anchor} onClose={() => setAnchor(null)} anchorOrigin={ANCHOR_ORIGIN} transformOrigin={TRANSFORM_ORIGIN}>
          <Box sx={{ px: 1, my: 0, minWidth: 200 }}>
            <DataTableStoreContext.Provider value={store}>
              <DataTableRenderContext.Provider value="columnsSelector">
                <ColumnsChooser columns={columns} storeKey={storeKey} defaultHiddenColumns={defaultHiddenColumns} />
              </DataTableRenderContext.Provider>
            </DataTableStoreContext.Provider>
          </Box>
        </Popover>
      )}
    </>
  );
};
