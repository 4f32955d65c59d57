import { sql, type SQL } from 'drizzle-orm';
import { bigint, integer, pgTable, PgDialect, smallint, text } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { VALIDATION_MESSAGES } from '@lawn/shared';
import { z } from 'zod';
import {
  containsFilter,
  equalsFilter,
  firstPageUrl,
  listQuerySchema,
  parseListQuery,
  parseListQueryOrThrow,
  toPage,
  type ListDefinition,
} from './list-query';
import { HttpError } from './errors';

const things = pgTable('things', {
  id: integer('id').primaryKey(),
  name: text('name').notNull(),
  colour: text('colour').notNull(),
  size: integer('size').notNull(),
  rank: smallint('rank').notNull(),
  views: bigint('views', { mode: 'number' }).notNull(),
});

const thingsList: ListDefinition<'owner' | 'tags'> = {
  filters: {
    colour: equalsFilter(things.colour, z.enum(['red', 'green', 'blue'])),
    size: equalsFilter(things.size, z.coerce.number().int()),
    rank: equalsFilter(things.rank, z.coerce.number()),
    views: equalsFilter(things.views, z.coerce.number()),
    name: containsFilter(things.name),
  },
  sorts: { id: things.id, name: [sql`lower(${things.name})`, things.colour], size: things.size },
  includes: ['owner', 'tags'],
  defaultSort: '-id',
  defaultLimit: 25,
  maxLimit: 100,
  tiebreak: things.id,
};

const dialect = new PgDialect();
const render = (fragment: SQL | undefined) => {
  if (!fragment) return undefined;
  const { sql: text, params } = dialect.sqlToQuery(fragment);
  return { sql: text, params };
};
const renderOrder = (orderBy: SQL[]) => orderBy.map((part) => dialect.sqlToQuery(part).sql).join(', ');

function parse(raw: Record<string, unknown>) {
  const result = parseListQuery(thingsList, raw);
  if (!('query' in result)) throw new Error(`unexpected errors: ${JSON.stringify(result.errors)}`);
  return result.query;
}

function errorsOf(raw: Record<string, unknown>) {
  const result = parseListQuery(thingsList, raw);
  if (!('errors' in result)) throw new Error('expected errors');
  return result.errors;
}

describe('parseListQuery', () => {
  it('applies the defaults: page 1, default limit, default sort with no extra tiebreak, paginate', () => {
    const query = parse({});
    expect(query).toMatchObject({ page: 1, limit: 25, offset: 0, render: 'paginate', where: undefined });
    expect(renderOrder(query.orderBy)).toBe('"things"."id" desc');
    expect(query.includes.size).toBe(0);
  });

  it('turns a comma list into IN and a single value into =, with values as parameters', () => {
    expect(render(parse({ 'filter[colour]': 'red,blue' }).where)).toEqual({
      sql: '"things"."colour" in ($1, $2)',
      params: ['red', 'blue'],
    });
    expect(render(parse({ 'filter[size]': '3' }).where)).toEqual({ sql: '"things"."size" = $1', params: [3] });
  });

  it('combines several filters with AND and ignores empty values', () => {
    const query = parse({ 'filter[colour]': 'green,', 'filter[size]': '', 'filter[name]': '50%_off' });
    expect(render(query.where)).toEqual({
      sql: '("things"."colour" = $1 and "things"."name" ilike $2)',
      params: ['green', '%50\\%\\_off%'],
    });
    expect(query.filters).toEqual({ colour: ['green'], size: [], name: ['50%_off'] });
  });

  it('keeps commas in free-text filters', () => {
    expect(render(parse({ 'filter[name]': 'Smith, John' }).where)?.params).toEqual(['%Smith, John%']);
  });

  it('sorts by several names, descending with -, and appends id as a tiebreak', () => {
    const query = parse({ sort: '-size,name' });
    expect(renderOrder(query.orderBy)).toBe(
      '"things"."size" desc, lower("things"."name") asc, "things"."colour" asc, "things"."id" asc',
    );
  });

  it('pages with offset and limit and reads includes', () => {
    const query = parse({ page: '3', limit: '10', include: 'tags,owner', render: 'count' });
    expect(query).toMatchObject({ page: 3, limit: 10, offset: 20, render: 'count' });
    expect([...query.includes].sort()).toEqual(['owner', 'tags']);
  });

  it('rejects unknown filters, sorts, includes and parameters, naming each offender', () => {
    expect(errorsOf({ 'filter[foo]': '1', sort: 'name,-bogus', include: 'owner,secret', extra: 'x' })).toEqual({
      'filter[foo]': ['Unknown filter: foo'],
      sort: ['Unknown sort: bogus'],
      include: ['Unknown include: secret'],
      extra: ['Unknown query parameter: extra'],
    });
  });

  it('rejects values a filter cannot parse', () => {
    expect(errorsOf({ 'filter[colour]': 'red,purple' })).toEqual({ 'filter[colour]': ['Invalid value: purple'] });
    expect(errorsOf({ 'filter[size]': 'big' })).toEqual({ 'filter[size]': ['Invalid value: big'] });
  });

  it.each([
    ['an int4 column', 'size', '99999999999', 'expected a whole number from -2147483648 to 2147483647'],
    ['an int4 column', 'size', '-2147483649', 'expected a whole number from -2147483648 to 2147483647'],
    ['a smallint column', 'rank', '32768', 'expected a whole number from -32768 to 32767'],
    ['a smallint column', 'rank', '1.5', 'expected a whole number from -32768 to 32767'],
    ['a bigint column', 'views', '1e300', 'expected a whole number from -9007199254740991 to 9007199254740991'],
  ])('refuses a number outside %s, whatever the value schema allows', (_, name, value, reason) => {
    expect(errorsOf({ [`filter[${name}]`]: `3,${value}` })).toEqual({
      [`filter[${name}]`]: [`Invalid value: ${value} (${reason})`],
    });
  });

  it('keeps numbers at the edges of a column range', () => {
    expect(render(parse({ 'filter[size]': '2147483647', 'filter[rank]': '-32768' }).where)?.params).toEqual([
      2_147_483_647, -32_768,
    ]);
  });

  it.each([
    ['a filter value', { 'filter[name]': 'Ann\u0000' }, 'filter[name]'],
    ['a number filter', { 'filter[size]': '\u00003' }, 'filter[size]'],
    ['the sort', { sort: 'name\u0000' }, 'sort'],
    ['the page', { page: '1\u0000' }, 'page'],
    ['an include', { include: '\u0000' }, 'include'],
    ['a parameter name', { 'filter[na\u0000me]': 'x' }, 'filter[na\u0000me]'],
  ])('refuses a NUL character in %s before anything reaches SQL', (_, raw, field) => {
    expect(errorsOf(raw)).toEqual({ [field]: [VALIDATION_MESSAGES.noNul] });
  });

  it('validates page, limit (against the list maximum) and render', () => {
    expect(Object.keys(errorsOf({ page: '0' }))).toEqual(['page']);
    expect(Object.keys(errorsOf({ page: '1.5' }))).toEqual(['page']);
    expect(errorsOf({ page: '99999999999999999999' })).toEqual({
      page: ['The page must be a whole number from 1 to 1000000.'],
    });
    expect(Object.keys(errorsOf({ limit: '101' }))).toEqual(['limit']);
    expect(Object.keys(errorsOf({ limit: '-1' }))).toEqual(['limit']);
    expect(errorsOf({ render: 'csv' })).toEqual({ render: ['Unknown render: csv (use paginate or count)'] });
  });

  it('rejects a parameter given twice', () => {
    expect(errorsOf({ page: ['1', '2'] })).toEqual({ page: ['Give this parameter once.'] });
  });

  it('does not treat inherited object keys as filters or sorts', () => {
    expect(Object.keys(errorsOf({ 'filter[constructor]': 'x', sort: 'toString' }))).toEqual([
      'filter[constructor]',
      'sort',
    ]);
  });

  it('throws a 400 HttpError with field errors from parseListQueryOrThrow', () => {
    const thrown = (() => {
      try {
        parseListQueryOrThrow(thingsList, { 'filter[foo]': '1' });
      } catch (error) {
        return error;
      }
    })();
    expect(thrown).toBeInstanceOf(HttpError);
    expect(thrown).toMatchObject({ statusCode: 400, errors: { 'filter[foo]': ['Unknown filter: foo'] } });
  });
});

describe('listQuerySchema', () => {
  it('parses through zod and reports problems as issues keyed by the query parameter', () => {
    const schema = listQuerySchema(thingsList);
    expect(schema.parse({ page: '2' })).toMatchObject({ page: 2, limit: 25 });
    const result = schema.safeParse({ 'filter[foo]': '1', sort: 'nope' });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['filter[foo]', 'Unknown filter: foo'],
      ['sort', 'Unknown sort: nope'],
    ]);
  });
});

describe('page building', () => {
  it('builds firstPageUrl from the request with page=1, keeping the other parameters in order', () => {
    expect(firstPageUrl('/api/things?filter[colour]=red&page=4&sort=-id')).toBe(
      '/api/things?filter[colour]=red&sort=-id&page=1',
    );
    expect(firstPageUrl('/api/things')).toBe('/api/things?page=1');
  });

  it('reports lastPage of at least 1 and keeps the true total beyond the last page', () => {
    const query = parse({ page: '9', limit: '10' });
    expect(toPage([], 23, query, '/api/things?page=9&limit=10')).toEqual({
      data: [],
      total: 23,
      perPage: 10,
      currentPage: 9,
      firstPageUrl: '/api/things?limit=10&page=1',
      lastPage: 3,
    });
    expect(toPage([], 0, parse({}), '/api/things').lastPage).toBe(1);
  });
});
