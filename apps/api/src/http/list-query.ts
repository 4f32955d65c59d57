import {
  countSchema,
  unstorableTextMessage,
  LIST_LIMIT_MAX,
  pageSchema,
  PG_INTEGER_RANGES,
  type Page,
} from '@lawn/shared';
import { and, asc, desc, eq, ilike, inArray, or, type AnyColumn, type SQL, type SQLWrapper } from 'drizzle-orm';
import { z } from 'zod';
import { addFieldError, badRequest, type FieldErrors } from './errors';

/**
 * The query convention of every list endpoint (docs/architecture.md, 'Lists'):
 * `filter[name]=a,b` (comma = IN), `sort=-date,name` (`-` = descending, id always breaks ties),
 * `include=a,b`, `render=paginate|count`, `page` (1-based) and `limit`.
 * A list declares what it allows; anything else is rejected with 400 naming the offender, never passed to SQL.
 * Nothing a client sends may fail the query itself: no parameter may hold a NUL character (PostgreSQL text cannot),
 * and a number compared with an integer column must be a whole number inside that column's range.
 */

export type SortExpression = AnyColumn | SQLWrapper;

export type FilterDefinition = {
  /** Whether commas separate several values (IN); free-text filters keep commas. */
  multiple: boolean;
  description: string | undefined;
  /** Parses the raw values and builds the condition, or answers one message per value that does not parse. */
  build: (rawValues: string[]) => { where: SQL | undefined; values: unknown[] } | { errors: string[] };
};

export type ListDefinition<Include extends string = never> = {
  filters: Record<string, FilterDefinition>;
  /** Public sort name -> the expressions it orders by, in order. */
  sorts: Record<string, SortExpression | readonly SortExpression[]>;
  includes?: readonly Include[];
  defaultSort: string;
  defaultLimit: number;
  maxLimit?: number;
  /** Appended to every ORDER BY so pages are stable (normally the primary key). */
  tiebreak: SortExpression;
};

export type ListQuery<Include extends string = never> = {
  page: number;
  limit: number;
  offset: number;
  render: 'paginate' | 'count';
  where: SQL | undefined;
  orderBy: SQL[];
  includes: ReadonlySet<Include>;
  /** Parsed filter values by filter name, for services that need them beyond the WHERE clause. */
  filters: Readonly<Record<string, readonly unknown[]>>;
};

export type ListResult<Row> = { render: 'count'; total: number } | { render: 'paginate'; total: number; rows: Row[] };

type FilterOptions<T> = {
  multiple?: boolean;
  description?: string;
  /** A further rule on a parsed value: why it cannot be used, or undefined when it can. */
  problemOf?: (value: T) => string | undefined;
};

export function filter<T>(
  value: z.ZodType<T>,
  where: (values: T[]) => SQL | undefined,
  options: FilterOptions<T> = {},
): FilterDefinition {
  return {
    multiple: options.multiple ?? true,
    description: options.description,
    build(rawValues) {
      const values: T[] = [];
      const errors: string[] = [];
      for (const raw of rawValues) {
        const parsed = value.safeParse(raw);
        const problem = parsed.success ? options.problemOf?.(parsed.data) : undefined;
        if (!parsed.success) errors.push(`Invalid value: ${raw}`);
        else if (problem) errors.push(`Invalid value: ${raw} (${problem})`);
        else values.push(parsed.data);
      }
      if (errors.length > 0) return { errors };
      return { where: values.length > 0 ? where(values) : undefined, values };
    },
  };
}

/** The range of an integer column, or undefined for any other type. */
function integerRangeOf(column: AnyColumn): { min: number; max: number } | undefined {
  switch (column.getSQLType()) {
    case 'smallint':
    case 'smallserial':
      return PG_INTEGER_RANGES.smallint;
    case 'integer':
    case 'serial':
      return PG_INTEGER_RANGES.integer;
    case 'bigint':
    case 'bigserial':
      return PG_INTEGER_RANGES.bigint;
    default:
      return undefined;
  }
}

/**
 * `column = value`, or `column IN (...)` for a comma-separated list. On an integer column a number must be a whole
 * number inside the column's range, whatever the value schema allows: PostgreSQL would fail the query otherwise.
 */
export function equalsFilter<T>(column: AnyColumn, value: z.ZodType<T>, description?: string): FilterDefinition {
  const range = integerRangeOf(column);
  const problemOf = (parsed: T) =>
    range && typeof parsed === 'number' && !(Number.isInteger(parsed) && parsed >= range.min && parsed <= range.max)
      ? `expected a whole number from ${range.min} to ${range.max}`
      : undefined;
  return filter(value, (values) => (values.length === 1 ? eq(column, values[0]) : inArray(column, values)), {
    description,
    problemOf,
  });
}

/** Case-insensitive "contains" on a column or expression; the text is matched literally (no wildcards). */
export function containsFilter(expression: AnyColumn | SQL, description?: string): FilterDefinition {
  return filter(
    z.string().trim().max(200),
    (values) => or(...values.map((text) => ilike(expression, `%${escapeLike(text)}%`))),
    {
      multiple: false,
      description,
    },
  );
}

export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (character) => `\\${character}`);
}

const FILTER_KEY = /^filter\[([^\]]+)\]$/;
const WHOLE_NUMBER = /^\d+$/;
/** Far beyond any real list; keeps OFFSET inside PostgreSQL's bigint. */
const MAX_PAGE = 1_000_000;

type RawQuery = Record<string, unknown>;

/** Parses a raw query (Fastify hands over literal keys such as 'filter[role]') into a list query, or field errors. */
export function parseListQuery<Include extends string>(
  definition: ListDefinition<Include>,
  raw: RawQuery,
): { query: ListQuery<Include> } | { errors: FieldErrors } {
  const errors: FieldErrors = {};
  const fail = (field: string, message: string) => addFieldError(errors, field, message);
  const maxLimit = Math.min(definition.maxLimit ?? LIST_LIMIT_MAX, LIST_LIMIT_MAX);
  let page = 1;
  let limit = definition.defaultLimit;
  let render: ListQuery['render'] = 'paginate';
  let sortText = definition.defaultSort;
  let includeText = '';
  const conditions: SQL[] = [];
  const filterValues: Record<string, readonly unknown[]> = {};

  for (const [key, value] of Object.entries(raw)) {
    if (value === undefined) continue;
    if (typeof value !== 'string') {
      fail(key, 'Give this parameter once.');
      continue;
    }
    const unstorable = unstorableTextMessage(key) ?? unstorableTextMessage(value);
    if (unstorable) {
      fail(key, unstorable);
      continue;
    }
    const filterName = FILTER_KEY.exec(key)?.[1];
    if (filterName !== undefined) {
      const definitionOfFilter = Object.hasOwn(definition.filters, filterName)
        ? definition.filters[filterName]
        : undefined;
      if (!definitionOfFilter) {
        fail(key, `Unknown filter: ${filterName}`);
        continue;
      }
      const rawValues = (definitionOfFilter.multiple ? value.split(',') : [value]).map((part) => part.trim());
      const built = definitionOfFilter.build(rawValues.filter((part) => part !== ''));
      if ('errors' in built) {
        for (const message of built.errors) fail(key, message);
        continue;
      }
      if (built.where) conditions.push(built.where);
      filterValues[filterName] = built.values;
      continue;
    }
    switch (key) {
      case 'page':
        if (WHOLE_NUMBER.test(value) && Number(value) >= 1 && Number(value) <= MAX_PAGE) page = Number(value);
        else fail(key, `The page must be a whole number from 1 to ${MAX_PAGE}.`);
        break;
      case 'limit':
        if (WHOLE_NUMBER.test(value) && Number(value) >= 1 && Number(value) <= maxLimit) limit = Number(value);
        else fail(key, `The limit must be a whole number from 1 to ${maxLimit}.`);
        break;
      case 'render':
        if (value === 'paginate' || value === 'count') render = value;
        else fail(key, `Unknown render: ${value} (use paginate or count)`);
        break;
      case 'sort':
        sortText = value;
        break;
      case 'include':
        includeText = value;
        break;
      default:
        fail(key, `Unknown query parameter: ${key}`);
    }
  }

  const orderBy = buildOrderBy(definition, sortText, fail);
  const includes = new Set<Include>();
  for (const name of splitList(includeText)) {
    const known = definition.includes?.find((include) => include === name);
    if (known) includes.add(known);
    else fail('include', `Unknown include: ${name}`);
  }

  if (Object.keys(errors).length > 0) return { errors };
  const where = and(...conditions);
  return {
    query: { page, limit, offset: (page - 1) * limit, render, where, orderBy, includes, filters: filterValues },
  };
}

function splitList(text: string): string[] {
  return text
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part !== '');
}

function buildOrderBy<Include extends string>(
  definition: ListDefinition<Include>,
  sortText: string,
  fail: (field: string, message: string) => void,
): SQL[] {
  const orderBy: SQL[] = [];
  const used = new Set<SortExpression>();
  const seen = new Set<string>();
  for (const part of splitList(sortText)) {
    const descending = part.startsWith('-');
    const name = descending ? part.slice(1) : part;
    const expressions = Object.hasOwn(definition.sorts, name) ? definition.sorts[name] : undefined;
    if (expressions === undefined) {
      fail('sort', `Unknown sort: ${name}`);
      continue;
    }
    if (seen.has(name)) continue;
    seen.add(name);
    for (const expression of Array.isArray(expressions) ? expressions : [expressions]) {
      orderBy.push(descending ? desc(expression) : asc(expression));
      used.add(expression);
    }
  }
  if (!used.has(definition.tiebreak)) orderBy.push(asc(definition.tiebreak));
  return orderBy;
}

/**
 * The querystring schema of a list route: documents the allowed parameters for OpenAPI and turns the raw query into
 * a `ListQuery`, reporting every problem as a field error keyed by the query parameter.
 */
export function listQuerySchema<Include extends string>(definition: ListDefinition<Include>) {
  const sortNames = Object.keys(definition.sorts).join(', ');
  const shape: Record<string, z.ZodOptional<z.ZodString>> = {
    page: z.string().optional().describe('Page number, from 1.'),
    limit: z
      .string()
      .optional()
      .describe(
        `Rows per page (default ${definition.defaultLimit}, at most ${definition.maxLimit ?? LIST_LIMIT_MAX}).`,
      ),
    sort: z
      .string()
      .optional()
      .describe(`Comma-separated; prefix - for descending. One of: ${sortNames}. Default ${definition.defaultSort}.`),
    render: z.string().optional().describe('paginate (default) or count (answers only { total }).'),
  };
  if (definition.includes?.length) {
    shape['include'] = z
      .string()
      .optional()
      .describe(`Comma-separated: ${definition.includes.join(', ')}.`);
  }
  for (const [name, filterDefinition] of Object.entries(definition.filters)) {
    const multiple = filterDefinition.multiple ? ' Comma-separated values match any of them.' : '';
    shape[`filter[${name}]`] = z
      .string()
      .optional()
      .describe(`${filterDefinition.description ?? name}.${multiple}`);
  }
  return z.looseObject(shape).transform((raw, context) => {
    const result = parseListQuery(definition, raw);
    if ('query' in result) return result.query;
    for (const [field, messages] of Object.entries(result.errors)) {
      for (const message of messages) context.addIssue({ code: 'custom', message, path: [field], input: raw[field] });
    }
    return z.NEVER;
  });
}

/** Same parsing for callers outside a route schema; throws the 400 the error handler renders. */
export function parseListQueryOrThrow<Include extends string>(
  definition: ListDefinition<Include>,
  raw: RawQuery,
): ListQuery<Include> {
  const result = parseListQuery(definition, raw);
  if ('errors' in result) throw badRequest(undefined, result.errors);
  return result.query;
}

/** The 200 schema of a list route: a page, or `{ total }` for render=count. */
export function listResponseSchema<Row extends z.ZodType>(row: Row) {
  return z.union([pageSchema(row), countSchema]);
}

/** `firstPageUrl`: the request path and query with page=1, other parameters untouched and in their order. */
export function firstPageUrl(requestUrl: string): string {
  const queryStart = requestUrl.indexOf('?');
  const path = queryStart === -1 ? requestUrl : requestUrl.slice(0, queryStart);
  const rest =
    queryStart === -1
      ? []
      : requestUrl
          .slice(queryStart + 1)
          .split('&')
          .filter((pair) => pair !== '' && pair.split('=', 1)[0] !== 'page');
  return `${path}?${[...rest, 'page=1'].join('&')}`;
}

export function toPage<Row>(rows: Row[], total: number, query: ListQuery<string>, requestUrl: string): Page<Row> {
  return {
    data: rows,
    total,
    perPage: query.limit,
    currentPage: query.page,
    firstPageUrl: firstPageUrl(requestUrl),
    lastPage: Math.max(1, Math.ceil(total / query.limit)),
  };
}

/** What a list route sends: the page, or `{ total }` when the caller asked for render=count. */
export function toListResponse<Row>(
  result: ListResult<Row>,
  query: ListQuery<string>,
  requestUrl: string,
): Page<Row> | { total: number } {
  return result.render === 'count' ? { total: result.total } : toPage(result.rows, result.total, query, requestUrl);
}
