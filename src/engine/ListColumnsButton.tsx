/**
 * react-admin's ColumnsButton for the engine's lists, with its column chooser attached once the
 * rows are on screen.
 *
 * Why: DataTable renders its column chooser (ColumnsSelector) into the button's popover, which is
 * kept mounted while closed, in the same commit as the rows; with more than five columns the
 * chooser's search field has `autoFocus`, and that focus call (into the hidden popover, where it
 * focuses nothing) forced a style recalculation of the whole page with its 100 new rows in the
 * middle of that commit (bench/render.ts, docs/design.md). Here the popover's
 * container gets the id the chooser looks for only after the list has its data: the chooser, which
 * looks for that id every 100 ms for half a second after it mounts, finds it a moment later and
 * mounts its search field then, on a page already styled. Opening the button shows the same chooser.
 */
import { useEffect, useState } from 'react';
import { ColumnsButton, useListContext, useResourceContext } from 'react-admin';

export const ListColumnsButton = () => {
  const resource = useResourceContext();
  const { isPending } = useListContext();
  const [attached, setAttached] = useState(false);
  useEffect(() => {
    if (!isPending) setAttached(true);
  }, [isPending]);
  // DataTable's default store key; the chooser's container is `<storeKey>-columnsSelector`.
  const storeKey = `${String(resource)}.datatable`;
  return <ColumnsButton storeKey={attached ? storeKey : `${storeKey}.waiting`} />;
};
