import { describe, expect, it } from 'vitest';
import { recordPath } from '../../lib/record-link';
import { atPosition, positionQuery, readRecordSearch, recordHref, type RecordSearch } from './record-search';

const fromList: RecordSearch = {
  id: 4711,
  position: 12,
  list: { filter: { statusOrders: '0,2', status: '' }, sort: '-id', page: 1, pageSize: 10 },
  upperTab: 5,
  lowerTab: 0,
};

const read = (href: string) => readRecordSearch(new URL(href, 'http://x').searchParams);

describe('record search', () => {
  it('writes and reads back the list a record was opened from, empty filter values included', () => {
    const href = recordHref(fromList);
    expect(href).toBe(
      '/edit-customer?id=4711&record=12&page=1&pageSize=10&sortCustom=-id&filterCustom=filter%5BstatusOrders%5D%3D0%252C2%26filter%5Bstatus%5D%3D&activeOrderStatus=0%2C2&key=5&tap=0',
    );
    expect(read(href)).toEqual(fromList);
  });

  it('falls back to the customer list and the first tabs for anything missing or unknown', () => {
    expect(read('/edit-customer?id=0&record=0&sortCustom=password&pageSize=9999&key=x')).toEqual({
      id: null,
      position: null,
      list: { filter: { statusOrders: '1', status: '1' }, sort: '-id', page: 0, pageSize: 50 },
      upperTab: 0,
      lowerTab: 0,
    });
  });

  it('carries only the id and the tabs for a record opened outside a list', () => {
    expect(recordHref({ ...fromList, position: null })).toBe('/edit-customer?id=4711&key=5&tap=0');
    expect(read(recordPath(4711))).toMatchObject({ id: 4711, position: null });
  });

  it('reads no id beyond the id range', () => {
    expect(read('/edit-customer?id=2147483648').id).toBeNull();
    expect(read('/edit-customer?id=12abc').id).toBeNull();
    expect(read('/edit-customer?id=2147483647').id).toBe(2147483647);
  });

  it('moves to another position on the list page that holds it, whose record is not known yet', () => {
    expect(atPosition(fromList, 21).list.page).toBe(2);
    expect(atPosition(fromList, 20).list.page).toBe(1);
    expect(atPosition(fromList, 1)).toMatchObject({ id: null, position: 1, list: { page: 0 } });
    expect(recordHref(atPosition(fromList, 13))).not.toContain('id=');
  });

  it('asks the list for the one row at the position', () => {
    expect(positionQuery(fromList.list, 12)).toEqual({
      render: 'paginate',
      page: 12,
      limit: 1,
      sort: '-id',
      'filter[statusOrders]': '0,2',
      'filter[status]': '',
    });
  });
});
