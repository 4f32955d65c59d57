import { describe, expect, it } from 'vitest';
import { gridSearchQuery, readGridSearch } from './grid-search';

const options = { pageSizes: [50, 75, 100], sorts: ['id', 'fullName'], defaultSort: '-id' };

describe('grid search in the URL', () => {
  it('reads page, pageSize and sort', () => {
    expect(readGridSearch(new URLSearchParams('page=2&pageSize=75&sort=-fullName'), options)).toEqual({
      page: 2,
      pageSize: 75,
      sort: '-fullName',
    });
  });

  it('falls back to the defaults for missing or unknown values', () => {
    expect(readGridSearch(new URLSearchParams(''), options)).toEqual({ page: 0, pageSize: 50, sort: '-id' });
    expect(readGridSearch(new URLSearchParams('page=-1&pageSize=13&sort=password'), options)).toEqual({
      page: 0,
      pageSize: 50,
      sort: '-id',
    });
    expect(readGridSearch(new URLSearchParams('page=1.5'), options).page).toBe(0);
  });

  it('writes the query the way it reads it', () => {
    expect(gridSearchQuery({ page: 3, pageSize: 100, sort: 'fullName' })).toBe('page=3&pageSize=100&sort=fullName');
  });
});
