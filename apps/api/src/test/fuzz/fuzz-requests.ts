import fc from 'fast-check';
import {
  HOSTILE_FIELD_VALUES,
  HOSTILE_QUERY_VALUES,
  MALFORMED_JSON_BODIES,
  NASTY_PATH_VALUES,
  nastyJsonValue,
  nastyTextValue,
  RAW_QUERY_FRAGMENTS,
  WRONG_CONTENT_TYPES,
} from './nasty-values';
import { schemaArbitrary, type JsonSchema, type SchemaResolver } from './schema-arbitrary';

type Parameter = { name: string; in: 'path' | 'query' | 'header' | 'cookie'; required?: boolean; schema?: JsonSchema };
type Operation = {
  parameters?: Parameter[];
  requestBody?: { required?: boolean; content?: Record<string, { schema?: JsonSchema }> };
};
export type OpenApiDocument = {
  paths: Record<string, Record<string, Operation>>;
  components?: { schemas?: Record<string, JsonSchema> };
};

/** One operation of the document: `path` as the document writes it (`/api/reports/{id}`). */
export type FuzzOperation = {
  method: string;
  path: string;
  parameters: Parameter[];
  bodySchema: JsonSchema | undefined;
};

export type FuzzRequest = {
  method: string;
  path: string;
  url: string;
  headers: Record<string, string>;
  /** The payload exactly as sent (JSON text unless `headers['content-type']` says otherwise), or none. */
  payload: string | undefined;
  /** What was done to the request, for the report of a failure. */
  mutation: string;
  /** Whether to send it without signing in (only on public routes). */
  isAnonymous: boolean;
};

const HTTP_METHODS = ['get', 'post', 'put', 'patch', 'delete'];

export function operationsOf(document: OpenApiDocument): FuzzOperation[] {
  const operations: FuzzOperation[] = [];
  for (const [path, item] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(item)) {
      if (!HTTP_METHODS.includes(method)) continue;
      operations.push({
        method: method.toUpperCase(),
        path,
        parameters: operation.parameters ?? [],
        bodySchema: operation.requestBody?.content?.['application/json']?.schema,
      });
    }
  }
  return operations;
}

export function resolverFor(document: OpenApiDocument): SchemaResolver {
  return (ref) => {
    const name = ref.replace('#/components/schemas/', '');
    const schema = document.components?.schemas?.[name];
    if (!schema) throw new Error(`unknown schema ${ref}`);
    return schema;
  };
}

/** One nasty value in one place (a path, query, header or body value), or a change to the request's shape. */
type MutationName =
  | 'none'
  | 'value'
  | 'known field'
  | 'missing field'
  | 'unknown field'
  | 'whole body'
  | 'malformed JSON'
  | 'content type'
  | 'raw query'
  | 'duplicate query';

/** The mutations that mean something for an operation, weighted: nasty values in one place are most of them. */
function mutationsFor(operation: FuzzOperation): fc.Arbitrary<MutationName> {
  const has = (where: Parameter['in']) => operation.parameters.some((parameter) => parameter.in === where);
  const hasBody = operation.bodySchema !== undefined;
  const weighted: [MutationName, number, boolean][] = [
    ['none', 1, true],
    ['value', 8, hasBody || has('path') || has('query') || has('header')],
    ['known field', 4, hasBody || has('query')],
    ['missing field', 1, (operation.bodySchema?.required?.length ?? 0) > 0],
    ['unknown field', 1, hasBody],
    ['whole body', 1, true],
    ['malformed JSON', 1, true],
    ['content type', 1, hasBody],
    ['raw query', 1, true],
    ['duplicate query', 1, has('query')],
  ];
  return fc.oneof(
    ...weighted.filter(([, , applies]) => applies).map(([name, weight]) => ({ arbitrary: fc.constant(name), weight })),
  );
}

/** How many inputs an operation has: operations with more of them get more requests. */
function inputCount(operation: FuzzOperation, resolve: SchemaResolver): number {
  let body = operation.bodySchema;
  if (body?.$ref) body = resolve(body.$ref);
  return 1 + operation.parameters.length + Object.keys(body?.properties ?? {}).length;
}

/** Words from a query parameter's description (the list of sort or include names), as plausible values. */
function wordsOf(parameter: Parameter): string[] {
  const description = (parameter as { description?: string }).description ?? '';
  return [...new Set(description.match(/[A-Za-z][A-Za-z0-9]+/g) ?? [])];
}

function queryValueArbitrary(parameter: Parameter, resolve: SchemaResolver): fc.Arbitrary<string> {
  const words = wordsOf(parameter);
  const plausible = fc.oneof(
    fc.constantFrom('1', '0', '2', '1,2', '', '2026', '2026-06-10', 'count', 'paginate'),
    words.length > 0 ? fc.constantFrom(...words, ...words.map((word) => `-${word}`)) : fc.constant('1'),
  );
  const fromSchema = schemaArbitrary(parameter.schema ?? { type: 'string' }, resolve).map((value) =>
    Array.isArray(value) ? value.join(',') : String(value),
  );
  return fc.oneof(plausible, fromSchema);
}

/** Every location of a value inside a JSON value (object keys and array indexes), the root first. */
function pathsOf(value: unknown, prefix: (string | number)[] = []): (string | number)[][] {
  const paths = [prefix];
  if (Array.isArray(value)) value.forEach((item, index) => paths.push(...pathsOf(item, [...prefix, index])));
  else if (value !== null && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) paths.push(...pathsOf(item, [...prefix, key]));
  }
  return paths;
}

function replaceAt(value: unknown, path: (string | number)[], replacement: unknown): unknown {
  const [head, ...rest] = path;
  if (head === undefined) return replacement;
  if (Array.isArray(value))
    return value.map((item, index) => (index === head ? replaceAt(item, rest, replacement) : item));
  if (value !== null && typeof value === 'object') {
    return { ...value, [head]: replaceAt((value as Record<string, unknown>)[head], rest, replacement) };
  }
  return value;
}

function removeAt(value: unknown, path: (string | number)[]): unknown {
  const [head, ...rest] = path;
  if (head === undefined || value === null || typeof value !== 'object') return value;
  if (rest.length === 0) {
    if (Array.isArray(value)) return value.filter((_, index) => index !== head);
    return Object.fromEntries(Object.entries(value).filter(([key]) => key !== head));
  }
  if (Array.isArray(value)) return value.map((item, index) => (index === head ? removeAt(item, rest) : item));
  return { ...value, [head]: removeAt((value as Record<string, unknown>)[head], rest) };
}

/**
 * Percent-encoding of any text, an unpaired surrogate included: `encodeURIComponent` throws on one, so it goes as the
 * three bytes a careless encoder writes for it (ED A0 80 for U+D800), which are no UTF-8 at all.
 */
function encodeQueryText(text: string): string {
  return text.replace(/\p{Surrogate}|[^\p{Surrogate}]+/gu, (part) => {
    if (!/^\p{Surrogate}$/u.test(part)) return encodeURIComponent(part);
    const unit = part.charCodeAt(0);
    const bytes = [0xe0 | (unit >> 12), 0x80 | ((unit >> 6) & 0x3f), 0x80 | (unit & 0x3f)];
    return bytes.map((byte) => `%${byte.toString(16).toUpperCase()}`).join('');
  });
}

/** `filter[name]` keeps its brackets readable; everything else in a key is encoded. */
const encodeQueryKey = (key: string): string => encodeQueryText(key).replace(/%5B/g, '[').replace(/%5D/g, ']');

/** The top-level fields a body schema declares (every branch of a union), and those it requires. */
function bodyFieldsOf(
  schema: JsonSchema | undefined,
  resolve: SchemaResolver,
): { declared: string[]; required: string[] } {
  const declared = new Set<string>();
  const required = new Set<string>();
  const visit = (part: JsonSchema | undefined, depth: number) => {
    if (!part || depth > 4) return;
    if (part.$ref) return visit(resolve(part.$ref), depth + 1);
    for (const key of Object.keys(part.properties ?? {})) declared.add(key);
    for (const key of part.required ?? []) required.add(key);
    for (const branch of [...(part.anyOf ?? []), ...(part.oneOf ?? []), ...(part.allOf ?? [])])
      visit(branch, depth + 1);
  };
  visit(schema, 0);
  return { declared: [...declared], required: [...required] };
}

const pick = <T>(items: readonly T[], index: number): T | undefined =>
  items.length === 0 ? undefined : items[index % items.length];

/** A field a route declares: a top-level body field or a query parameter. */
type KnownField = { in: 'body' | 'query'; name: string };

/** One hostile value in one known field, chosen rather than drawn (see `knownFieldSweep`). */
type ForcedField = KnownField & { value: unknown; isOnlyRequired: boolean };

function knownFieldsOf(operation: FuzzOperation, resolve: SchemaResolver): KnownField[] {
  return [
    ...bodyFieldsOf(operation.bodySchema, resolve).declared.map((name) => ({ in: 'body' as const, name })),
    ...operation.parameters
      .filter((parameter) => parameter.in === 'query')
      .map((parameter) => ({ in: 'query' as const, name: parameter.name })),
  ];
}

/**
 * Requests for one operation: a request built from its schemas (valid path ids, query values and body), then one
 * mutation (a nasty value in one place, a missing or unknown field, another body, broken JSON, another content
 * type, a broken query string). `isAnonymous` is drawn too; the runner honours it on public routes only. With
 * `forced`, the mutation is that value in that known field.
 */
function requestArbitrary(
  operation: FuzzOperation,
  resolve: SchemaResolver,
  validIds: readonly number[],
  forced?: ForcedField,
): fc.Arbitrary<FuzzRequest> {
  const pathParameters = operation.parameters.filter((parameter) => parameter.in === 'path');
  const queryParameters = operation.parameters.filter((parameter) => parameter.in === 'query');
  const headerParameters = operation.parameters.filter((parameter) => parameter.in === 'header');
  const pathValues = fc.tuple(...pathParameters.map(() => fc.constantFrom(...validIds.map(String))));
  // About one optional parameter per request: with all of a list's filters at once, nearly every request is a 400.
  const absentWeight = Math.max(1, queryParameters.length - 1);
  const queryValues = fc.tuple(
    ...queryParameters.map((parameter) =>
      parameter.required
        ? queryValueArbitrary(parameter, resolve)
        : fc.oneof(
            { arbitrary: fc.constant(null), weight: absentWeight },
            { arbitrary: queryValueArbitrary(parameter, resolve), weight: 1 },
          ),
    ),
  );
  const body = operation.bodySchema ? schemaArbitrary(operation.bodySchema, resolve) : fc.constant(undefined);
  const bodyFields = bodyFieldsOf(operation.bodySchema, resolve);
  const knownFields = knownFieldsOf(operation, resolve);

  return fc
    .record({
      pathValues,
      queryValues,
      body,
      mutation: forced ? fc.constant<MutationName>('known field') : mutationsFor(operation),
      at: fc.nat(),
      json: nastyJsonValue,
      text: nastyTextValue,
      pathValue: fc.constantFrom(...NASTY_PATH_VALUES),
      rawQuery: fc.constantFrom(...RAW_QUERY_FRAGMENTS),
      malformed: fc.constantFrom(...MALFORMED_JSON_BODIES),
      contentType: fc.constantFrom(...WRONG_CONTENT_TYPES),
      unknownKey: fc.constantFrom('unknownField', 'constructor', 'toString', '', ' ', 'a'.repeat(300), 'id'),
      isOnlyRequired: forced ? fc.constant(forced.isOnlyRequired) : fc.boolean(),
      isAnonymous: fc.boolean(),
    })
    .map((drawn): FuzzRequest => {
      const path = pathParameters.map((parameter, index) => [parameter.name, drawn.pathValues[index] ?? '1'] as const);
      const query: [string, string][] = [];
      queryParameters.forEach((parameter, index) => {
        const value = drawn.queryValues[index];
        if (value !== null && value !== undefined) query.push([parameter.name, value]);
      });
      let payload: unknown = drawn.body;
      let rawPayload: string | undefined;
      let contentType = 'application/json';
      const headers: Record<string, string> = {};
      let rawQuery = '';
      let mutation: string = drawn.mutation;

      switch (drawn.mutation) {
        case 'none':
          break;
        case 'value': {
          // Every place a value goes, chosen alike: each path, query and header parameter and each body value.
          const places = [
            ...pathParameters.map((parameter) => ({ in: 'path' as const, name: parameter.name })),
            ...queryParameters.map((parameter) => ({ in: 'query' as const, name: parameter.name })),
            ...headerParameters.map((parameter) => ({ in: 'header' as const, name: parameter.name })),
            ...(operation.bodySchema ? pathsOf(payload ?? {}) : []).map((at) => ({ in: 'body' as const, at })),
          ];
          const place = pick(places, drawn.at);
          if (!place) break;
          if (place.in === 'path') {
            const index = path.findIndex(([name]) => name === place.name);
            path[index] = [place.name, drawn.pathValue];
            mutation = `path ${place.name}`;
          } else if (place.in === 'query') {
            const existing = query.findIndex(([key]) => key === place.name);
            if (existing >= 0) query.splice(existing, 1);
            query.push([place.name, drawn.text]);
            mutation = `query ${place.name}`;
          } else if (place.in === 'header') {
            // Header values travel as visible characters only; the nasty part is their size and content.
            headers[place.name] = drawn.text.replace(/[^\x21-\x7e]/g, '').slice(0, 8000) || 'x'.repeat(300);
            mutation = `header ${place.name}`;
          } else {
            payload = replaceAt(payload ?? {}, place.at, drawn.json);
            mutation = `body ${place.at.join('.') || '(whole)'}`;
          }
          break;
        }
        case 'known field': {
          // A nasty value in one field the route declares, present in the generated request or not. A body field
          // goes, half the time, with only the required fields beside it, so nothing else invalid stops the request
          // before the code behind it.
          const field = forced ?? pick(knownFields, drawn.at);
          if (!field) break;
          if (field.in === 'query') {
            const existing = query.findIndex(([key]) => key === field.name);
            if (existing >= 0) query.splice(existing, 1);
            query.push([field.name, forced ? String(forced.value) : drawn.text]);
            mutation = `known field: query ${field.name}`;
            break;
          }
          const base = payload !== null && typeof payload === 'object' && !Array.isArray(payload) ? payload : {};
          const kept = drawn.isOnlyRequired
            ? Object.fromEntries(Object.entries(base).filter(([key]) => bodyFields.required.includes(key)))
            : base;
          payload = { ...kept, [field.name]: forced ? forced.value : drawn.json };
          mutation = `known field: body ${field.name}${drawn.isOnlyRequired ? ' with only the required fields' : ''}`;
          break;
        }
        case 'missing field': {
          const target = pick(operation.bodySchema?.required ?? [], drawn.at);
          if (target !== undefined) payload = removeAt(payload ?? {}, [target]);
          mutation = `missing field ${target ?? '(none)'}`;
          break;
        }
        case 'unknown field': {
          const base = payload !== null && typeof payload === 'object' && !Array.isArray(payload) ? payload : {};
          payload = { ...base, [drawn.unknownKey]: drawn.json };
          break;
        }
        case 'whole body':
          payload = drawn.json;
          break;
        case 'malformed JSON':
          rawPayload = drawn.malformed;
          break;
        case 'content type':
          contentType = drawn.contentType;
          rawPayload = JSON.stringify(payload ?? {});
          break;
        case 'raw query':
          rawQuery = drawn.rawQuery;
          break;
        case 'duplicate query': {
          const target = pick(queryParameters, drawn.at);
          if (target) query.push([target.name, drawn.text], [target.name, '1']);
          mutation = `duplicate query ${target?.name ?? '(none)'}`;
          break;
        }
      }

      let url = operation.path;
      for (const [name, value] of path) url = url.replace(`{${name}}`, value);
      const queryString = [
        ...query.map(([key, value]) => `${encodeQueryKey(key)}=${encodeQueryText(value)}`),
        ...(rawQuery ? [rawQuery] : []),
      ].join('&');
      if (queryString) url += `?${queryString}`;

      const hasPayload = rawPayload !== undefined || payload !== undefined;
      if (hasPayload) headers['content-type'] = contentType;
      return {
        method: operation.method,
        path: operation.path,
        url,
        headers,
        payload: rawPayload ?? (payload === undefined ? undefined : JSON.stringify(payload)),
        mutation,
        isAnonymous: drawn.isAnonymous,
      };
    });
}

/**
 * One request per known field of every operation (each body field and query parameter), with a hostile value: the
 * values take turns over the fields, shifted by the seed, so every field meets each of them over a few seeds. Body
 * fields alternate between an otherwise generated body and one with only the required fields.
 */
function knownFieldSweep(
  operations: readonly FuzzOperation[],
  resolve: SchemaResolver,
  options: { seed: number; validIds: readonly number[] },
): FuzzRequest[] {
  const requests: FuzzRequest[] = [];
  let turn = options.seed;
  for (const operation of operations) {
    for (const field of knownFieldsOf(operation, resolve)) {
      turn += 1;
      const values = field.in === 'body' ? HOSTILE_FIELD_VALUES : HOSTILE_QUERY_VALUES;
      const forced = { ...field, value: values[turn % values.length], isOnlyRequired: turn % 2 === 0 };
      const arbitrary = requestArbitrary(operation, resolve, options.validIds, forced);
      requests.push(...fc.sample(arbitrary, { seed: turn, numRuns: 1 }));
    }
  }
  return requests;
}

/**
 * `count` requests over every operation of the document, the same ones for the same seed: first one per operation,
 * so every route is reached however many routes the document has (a route with few inputs would otherwise be left
 * out by chance), then a hostile value in each field every route declares (`knownFieldSweep`), then the rest drawn
 * with each operation weighted by its number of inputs.
 */
export function fuzzRequests(
  document: OpenApiDocument,
  options: { seed: number; count: number; validIds: readonly number[] },
): FuzzRequest[] {
  const resolve = resolverFor(document);
  const operations = operationsOf(document);
  const arbitraries = operations.map((operation) => requestArbitrary(operation, resolve, options.validIds));
  const firsts = [
    ...arbitraries.flatMap((arbitrary, index) => fc.sample(arbitrary, { seed: options.seed + index, numRuns: 1 })),
    ...knownFieldSweep(operations, resolve, options),
  ].slice(0, options.count);
  const arbitrary = fc.oneof(
    ...operations.map((operation, index) => ({
      arbitrary: arbitraries[index] as fc.Arbitrary<FuzzRequest>,
      weight: inputCount(operation, resolve),
    })),
  );
  const rest = Math.max(0, options.count - firsts.length);
  return [...firsts, ...fc.sample(arbitrary, { seed: options.seed, numRuns: rest })];
}
