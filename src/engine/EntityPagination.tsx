/**
 * The lists' pagination. A long list's answer may bound its total instead of counting every row
 * (server/crud/list-read.ts: `totalExact: false`, carried here as the list's `meta`, see
 * ListTotalMeta in src/providers/entityDataProvider.ts): the range then says so honestly, "of
 * more than 10,000" (or "of about 960,000" with the database's estimate), while the exact total
 * is asked for by a second request (`meta.exactTotal`); when it arrives, the range and the page
 * count are the exact ones.
 */
import { useMemo } from 'react';
import { ListPaginationContext, useGetList, useListContext, useListPaginationContext, useLocaleState, useTranslate } from 'react-admin';
import { Pagination } from 'react-admin';
import type { PaginationProps } from 'react-admin';
import type { ListTotalMeta } from '../providers/entityDataProvider';

export const EntityPagination = ({ rowsPerPageOptions }: { rowsPerPageOptions: number[] }) => {
  const { resource, filter, filterValues, sort, meta } = useListContext();
  const pagination = useListPaginationContext();
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const bounded = (meta as Partial<ListTotalMeta> | undefined)?.totalExact === false ? meta as ListTotalMeta : null;
  // The exact total: the same page asked again with `exactTotal`, only while the answer bounded it.
  const exact = useGetList(resource, {
    pagination: { page: pagination.page, perPage: pagination.perPage }, sort, filter: { ...filterValues, ...filter }, meta: { exactTotal: true },
  }, { enabled: bounded !== null });
  const exactTotal = bounded && exact.total !== undefined && (exact.meta as Partial<ListTotalMeta> | undefined)?.totalExact !== false ? exact.total : undefined;
  const value = useMemo(() => (exactTotal === undefined ? pagination : { ...pagination, total: exactTotal }), [pagination, exactTotal]);
  const number = (n: number) => new Intl.NumberFormat(locale).format(n);
  const labelDisplayedRows = ({ from, to, count }: { from: number; to: number; count: number }) => {
    if (bounded && exactTotal === undefined) {
      return bounded.estimate > bounded.totalAtLeast
        ? translate('app.list_total.about', { from, to, estimate: number(bounded.estimate) })
        : translate('app.list_total.more_than', { from, to, bound: number(bounded.totalAtLeast - 1) });
    }
    return translate('ra.navigation.page_range_info', { offsetBegin: from, offsetEnd: to, total: count === -1 ? to : count });
  };
  return (
    <ListPaginationContext.Provider value={value}>
      {/* react-admin passes the rest of its props to MUI's TablePagination, whose label this is (its own type omits it). */}
      <Pagination {...({ rowsPerPageOptions, labelDisplayedRows } as PaginationProps)} />
    </ListPaginationContext.Provider>
  );
};
