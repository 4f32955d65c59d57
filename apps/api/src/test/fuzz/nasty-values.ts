import fc from 'fast-check';

/**
 * Inputs that break servers which trust their clients, by kind: numbers past every column's range, numbers JSON can
 * barely hold, negative and fractional numbers, NUL bytes (PostgreSQL refuses them in text), unpaired UTF-16
 * surrogates (jsonb refuses them), 10,000-character strings, wrong types, empty and odd text. A kind is drawn first
 * and then a value of it, so each kind gets its share however many values it lists.
 */
const LONG = 'x'.repeat(10_000);

const JSON_KINDS: readonly (readonly unknown[])[] = [
  // Past int4, int8 and JavaScript's exact integers.
  [99_999_999_999, -99_999_999_999, 2_147_483_648, -2_147_483_649, Number.MAX_SAFE_INTEGER + 2, 1e308, -1e308],
  // Numbers written as text, some past what a double holds.
  ['99999999999', '1e309', '-1e309', '-1', '1.5', 'NaN', 'Infinity', '0x10'],
  [-1, 0, 1.5, -0.5, 5e-324, 32_768],
  ['\u0000', 'a\u0000b', '\u0000'.repeat(10)],
  // Unpaired surrogates, sent as JSON escapes: a high half alone, a low half alone, a pair the wrong way round.
  ['\ud800', 'Ann\udfff', '\ude00\ud83d', `${'😀'.repeat(10)}\ud83d`],
  [LONG, `${LONG}\u0000`, '😀'.repeat(3000), `${LONG}\ud800`],
  [true, false, null, [], [null], {}, { a: 1 }, [[[[[]]]]]],
  [[99_999_999_999], ['\u0000'], ['\ud800'], [LONG], Array.from({ length: 1000 }, (_, index) => index)],
  ['', ' ', "' OR 1=1 --", '<script>alert(1)</script>', '2026-02-30', '0000-01-01', '9999-12-31T23:59:59Z'],
];

/**
 * Query and path values, sent percent-encoded: the server sees exactly these characters (an unpaired surrogate, which
 * UTF-8 cannot encode, goes as the bytes a careless encoder writes for it).
 */
const TEXT_KINDS: readonly (readonly string[])[] = [
  ['99999999999', '-99999999999', '2147483648', '1,99999999999', '9'.repeat(400)],
  ['1e309', '-1e309', '1.5', 'NaN', 'Infinity', '0x1'],
  ['-1', '0', '-0'],
  ['\u0000', 'a\u0000', '1\u0000', '1,\u0000'],
  ['\ud800', 'Ann\udfff', '1,\ud83d'],
  [LONG, `1,${'2,'.repeat(3000)}3`],
  ['', ' ', ',', ',,,', '-', '--id', '[]', '{}', 'null', 'undefined'],
  ['2026-02-30', '0000-00-00', '😀', "'", '"', '\\', '%', 'a b'],
];

/** One of each kind for the sweep of every known field: an unpaired surrogate, NUL, huge, long and wrong types. */
export const HOSTILE_FIELD_VALUES: readonly unknown[] = [
  'Ann\ud800',
  'a\u0000b',
  99_999_999_999,
  LONG,
  { a: 1 },
  '\udfff',
  -1,
  1.5,
  [],
  `${LONG}\ud800`,
  true,
  -99_999_999_999,
];

/** The same for query parameters, which arrive as text. */
export const HOSTILE_QUERY_VALUES: readonly string[] = [
  'Ann\ud800',
  'a\u0000',
  '99999999999',
  LONG,
  '-1',
  '1.5',
  '\udfff',
  '',
];

/** Query fragments sent as they are, not encoded: broken escapes and prototype-shaped keys. */
export const RAW_QUERY_FRAGMENTS: readonly string[] = [
  '%',
  '%zz',
  '%00',
  '%E0%A4%A',
  '%ED%A0%80',
  'filter[fullName]=%ED%A0%80',
  '&&&',
  '=',
  'a[b][c]=1',
  '__proto__[x]=1',
  'constructor[prototype][x]=1',
  'constructor=1',
  'toString=1&toString=2',
  'hasOwnProperty=1',
  'filter[]=1',
  'filter[nope]=1',
  'sort=-nope',
  'include=nope',
  'render=nope',
  'page=0',
  'limit=99999999999',
];

/** Path parameter values, sent as they are. */
export const NASTY_PATH_VALUES: readonly string[] = [
  '99999999999',
  '2147483648',
  '-1',
  '0',
  '1.5',
  'abc',
  '1e309',
  '%00',
  '1%00',
  '%ED%A0%80',
  '%',
  'x'.repeat(1000),
  '1%2F2',
  '%20',
  '0x1',
  'NaN',
];

/** Bodies that are not JSON at all, or JSON a naive parser chokes on, sent as application/json. */
export const MALFORMED_JSON_BODIES: readonly string[] = [
  '{',
  '{"a":',
  '{"a":1,}',
  '[1,2',
  'nul',
  '"\\u0000"',
  '{"__proto__":{"isAdmin":true}}',
  '{"constructor":{"prototype":{"isAdmin":true}}}',
  '\u0000',
  LONG,
  '1'.repeat(400),
  `${'['.repeat(5000)}${']'.repeat(5000)}`,
  '{"a":"\\ud800"}',
  '"\\udc00"',
  '\uFEFF{}',
];

export const WRONG_CONTENT_TYPES: readonly string[] = [
  'text/plain',
  'application/xml',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x',
  'application/json; charset=latin1',
];

const byKind = <T>(kinds: readonly (readonly T[])[]): fc.Arbitrary<T> =>
  fc.constantFrom(...kinds).chain((values) => fc.constantFrom(...values));

export const nastyJsonValue: fc.Arbitrary<unknown> = fc.oneof(
  { arbitrary: byKind(JSON_KINDS), weight: 8 },
  { arbitrary: fc.double(), weight: 1 },
  { arbitrary: fc.string({ unit: 'binary', maxLength: 20 }), weight: 1 },
);

export const nastyTextValue: fc.Arbitrary<string> = fc.oneof(
  { arbitrary: byKind(TEXT_KINDS), weight: 8 },
  { arbitrary: fc.string({ unit: 'grapheme', maxLength: 20 }), weight: 1 },
);
