import { useState } from 'react';
import type { SortState } from '../components/report-table';

/**
 * A report's sort and page. Changing the sort goes back to page 1, as does `firstPage` for the
 * report's other filters.
 */
export function useReportPaging<K extends string>(initial: SortState<K>) {
  const [sort, setSortState] = useState(initial);
  const [pageNo, setPageNo] = useState(1);
  return {
    sort,
    pageNo,
    setPageNo,
    firstPage: () => setPageNo(1),
    setSort: (next: SortState<K>) => {
      setSortState(next);
      setPageNo(1);
    },
  };
}
