import { describe, expect, it } from 'vitest';
import { INITIAL_STATE, STATE_STORAGE_KEY, createAppStore } from '../../lib/app-store';
import { BUSH_BED_COLUMNS, STANDARD_COLUMNS, shownColumns, sortModelOf, sortOf } from './customer-columns';
import {
  customerListQuery,
  isCellphoneLookup,
  lastSearchTarget,
  listFilter,
  parseFilter,
  searchTextOf,
} from './customer-list-search';
import { rememberSearch, setListColumns } from './customer-list-store';
import { editCustomerHref } from './record-search';

describe('customer list search', () => {
  it('keeps only known filters from a filter string', () => {
    expect(parseFilter('filter[market]=3&filter[status]=2&filter[password]=x&sort=-id&filter[crew]=')).toEqual({
      market: '3',
      status: '2',
    });
    expect(parseFilter(undefined)).toEqual({});
  });

  it('builds the 1-based list call', () => {
    expect(customerListQuery({ page: 0, pageSize: 75, sort: 'fullName' }, { status: '2' })).toEqual({
      render: 'paginate',
      page: 1,
      limit: 75,
      sort: 'fullName',
      include: 'userEdit,userNote',
      'filter[status]': '2',
    });
  });

  it('links a record with its id, the list position, the filter and the order status', () => {
    const href = editCustomerHref(
      31,
      9,
      { page: 3, pageSize: 100, sort: '-crew' },
      { statusOrders: '0', market: 'A&B', search: 'ann zed' },
    );
    const query = new URL(href, 'http://x').searchParams;
    expect(query.get('id')).toBe('31');
    expect(query.get('record')).toBe('9');
    expect(query.get('sortCustom')).toBe('-crew');
    expect(query.get('filterCustom')).toBe('filter[statusOrders]=0&filter[market]=A%26B&filter[search]=ann%20zed');
    expect(parseFilter(query.get('filterCustom'))).toEqual({ statusOrders: '0', market: 'A&B', search: 'ann zed' });
    expect(query.get('activeOrderStatus')).toBe('0');
  });

  it.each([
    [{ noteType: '7', noteDate: '2026-04-03' }, '0', '3'],
    [{ noteType: '3' }, '5', '0'],
    [{ noteDate: '2026-04-03' }, '0', '0'],
    [{ status: '1' }, '0', '0'],
  ])('opens the record of a note look-up %j on the tabs of that note (key %s, tap %s)', (filter, key, tap) => {
    const query = new URL(editCustomerHref(5, 1, { page: 0, pageSize: 50, sort: '-id' }, filter), 'http://x')
      .searchParams;
    expect([query.get('key'), query.get('tap')]).toEqual([key, tap]);
  });

  it('goes back to the last search, with its filter as route state', () => {
    expect(lastSearchTarget(null)).toEqual({ to: '/customer', state: undefined });
    expect(
      lastSearchTarget({
        path: '/expired-card',
        page: 1,
        pageSize: 50,
        sort: 'city',
        filter: 'filter[market]=2',
        text: '',
      }),
    ).toEqual({ to: '/expired-card?page=1&pageSize=50&sort=city', state: { filter: 'filter[market]=2' } });
    expect(
      lastSearchTarget({ path: '/customer', page: 0, pageSize: 50, sort: '-id', filter: '', text: 'ann & zed' }),
    ).toEqual({ to: '/customer?page=0&pageSize=50&sort=-id&search=ann+%26+zed', state: undefined });
  });

  it('searches for a typed text once it is long enough, tidied, and adds it to the list filter', () => {
    expect(searchTextOf('  Ann   Zed ')).toBe('Ann Zed');
    expect(searchTextOf('ab')).toBe('');
    expect(searchTextOf(null)).toBe('');
    expect(listFilter({ status: '1' }, 'filter[market]=2', 'smith')).toEqual({
      status: '1',
      market: '2',
      search: 'smith',
    });
    expect(listFilter({ status: '1' }, '', '')).toEqual({ status: '1' });
  });

  it('maps grid sorting to the API sort names, card type included', () => {
    const columns = shownColumns(STANDARD_COLUMNS, ['cardTypeName', 'lat']);
    expect(columns).toEqual([
      'fullName',
      'serviceAddress',
      'customerId',
      'marketName',
      'statusName',
      'lat',
      'cardTypeName',
    ]);
    expect(sortOf([{ field: 'cardTypeName', sort: 'desc' }], '-id')).toBe('-cardType');
    expect(sortOf([{ field: 'lat', sort: 'asc' }], '-id')).toBe('-id');
    expect(sortOf([], '-id')).toBe('-id');
    expect(sortModelOf('-cardType', columns)).toEqual([{ field: 'cardTypeName', sort: 'desc' }]);
    expect(sortModelOf('-id', columns)).toEqual([]);
  });

  it('shows the bush-and-bed columns in their own order, the fixed ones always', () => {
    expect(shownColumns(BUSH_BED_COLUMNS, ['zipcode', 'paymentType', 'frecuencyName', 'email'])).toEqual([
      'customerId',
      'statusName',
      'frecuencyName',
      'fullName',
      'serviceAddress',
      'paymentType',
      'zipcode',
    ]);
  });

  it('knows the cellphone customers look-up by its filter string', () => {
    expect(isCellphoneLookup('filter[isCellphone]=true')).toBe(true);
    expect(isCellphoneLookup('filter[isCellphone]=1')).toBe(true);
    expect(isCellphoneLookup('filter[market]=2&filter[isCellphone]=1')).toBe(true);
    expect(isCellphoneLookup('filter[isCellphone]=0')).toBe(false);
    expect(isCellphoneLookup('filter[market]=2')).toBe(false);
    expect(isCellphoneLookup('')).toBe(false);
  });

  it('goes back to a list whose path names its view', () => {
    const search = { path: '/customer?view=bushBed', page: 2, pageSize: 50, sort: '-id', filter: '', text: '' };
    expect(lastSearchTarget(search).to).toBe('/customer?view=bushBed&page=2&pageSize=50&sort=-id');
  });
});

describe('customer list state', () => {
  it('persists the column choice and the last search, dropping columns that no longer exist', () => {
    const data: Record<string, string> = {};
    const storage = {
      getItem: (key: string) => data[key] ?? null,
      setItem: (key: string, value: string) => void (data[key] = value),
    };
    const store = createAppStore({ getStorage: () => storage });
    setListColumns('customer', ['crew', 'email'], store);
    rememberSearch({ path: '/customer', page: 1, pageSize: 75, sort: 'city', filter: '', text: 'oak' }, store);

    const saved = JSON.parse(data[STATE_STORAGE_KEY] ?? '{}');
    saved.customerList.columns.customer.push('retired');
    data[STATE_STORAGE_KEY] = JSON.stringify(saved);
    const restored = createAppStore({ getStorage: () => storage }).getState().customerList;
    expect(restored.columns.customer).toEqual(['crew', 'email']);
    expect(restored.columns.expiredCard).toEqual(INITIAL_STATE.customerList.columns.expiredCard);
    expect(restored.columns.customerBushBed).toEqual(INITIAL_STATE.customerList.columns.customerBushBed);
    expect(restored.lastSearch).toEqual({
      path: '/customer',
      page: 1,
      pageSize: 75,
      sort: 'city',
      filter: '',
      text: 'oak',
    });
  });

  it('starts the bush-and-bed views with their default columns for a choice saved before they existed', () => {
    const saved = {
      customerList: { ...INITIAL_STATE.customerList, columns: { customer: ['crew'], expiredCard: [] } },
    };
    const storage = { getItem: () => JSON.stringify(saved), setItem: () => undefined };
    const { columns } = createAppStore({ getStorage: () => storage }).getState().customerList;
    expect(columns.customer).toEqual(['crew']);
    expect(columns.customerBushBed).toEqual(INITIAL_STATE.customerList.columns.customerBushBed);
    expect(columns.expiredCardBushBed).toEqual(INITIAL_STATE.customerList.columns.expiredCardBushBed);
  });

  it('restores a last search saved before the search box existed, without a text', () => {
    const saved = {
      customerList: {
        ...INITIAL_STATE.customerList,
        lastSearch: { path: '/customer', page: 2, pageSize: 50, sort: '-id', filter: '' },
      },
    };
    const storage = { getItem: () => JSON.stringify(saved), setItem: () => undefined };
    expect(createAppStore({ getStorage: () => storage }).getState().customerList.lastSearch).toEqual({
      path: '/customer',
      page: 2,
      pageSize: 50,
      sort: '-id',
      filter: '',
      text: '',
    });
  });

  it('writes nothing when the same search is shown again', () => {
    const writes: string[] = [];
    const store = createAppStore({
      getStorage: () => ({ getItem: () => null, setItem: (key) => void writes.push(key) }),
    });
    const search = { path: '/customer', page: 0, pageSize: 50, sort: '-id', filter: '', text: '' };
    rememberSearch(search, store);
    rememberSearch({ ...search }, store);
    expect(writes).toHaveLength(1);
  });
});
