import type { CustomerColumn } from '@lawn/shared';
import {
  appStore,
  type AppStore,
  type CustomerListKind,
  type CustomerListState,
  type CustomerSearchState,
  type ExportFormat,
} from '../../lib/app-store';

function update(change: (list: CustomerListState) => CustomerListState, store: AppStore): void {
  store.setState((state) => {
    const customerList = change(state.customerList);
    return customerList === state.customerList ? state : { ...state, customerList };
  });
}

export function setListColumns(kind: CustomerListKind, columns: CustomerColumn[], store: AppStore = appStore): void {
  update((list) => ({ ...list, columns: { ...list.columns, [kind]: columns } }), store);
}

export function setSelectedIds(selectedIds: number[], store: AppStore = appStore): void {
  update((list) => ({ ...list, selectedIds }), store);
}

export function setAllSelected(isAllSelected: boolean, store: AppStore = appStore): void {
  update((list) => ({ ...list, isAllSelected }), store);
}

export function setExportFormat(exportFormat: ExportFormat, store: AppStore = appStore): void {
  update((list) => (list.exportFormat === exportFormat ? list : { ...list, exportFormat }), store);
}

function isSameSearch(a: CustomerSearchState | null, b: CustomerSearchState): boolean {
  return (
    a !== null &&
    a.path === b.path &&
    a.page === b.page &&
    a.pageSize === b.pageSize &&
    a.sort === b.sort &&
    a.filter === b.filter &&
    a.text === b.text
  );
}

/** Called by a list whenever it shows a search; unchanged searches write nothing. */
export function rememberSearch(search: CustomerSearchState, store: AppStore = appStore): void {
  update((list) => (isSameSearch(list.lastSearch, search) ? list : { ...list, lastSearch: search }), store);
}

/** A deleted customer can no longer be exported. */
export function forgetCustomer(id: number, store: AppStore = appStore): void {
  update(
    (list) =>
      list.selectedIds.includes(id)
        ? { ...list, selectedIds: list.selectedIds.filter((selected) => selected !== id) }
        : list,
    store,
  );
}
