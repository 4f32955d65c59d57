// Plausible example values for the parameters and bodies of the OpenAPI document. The scanners learn more from an
// answer to a valid request (a 200 with rows) than from a 400: an injection shows as a difference from that answer.

/** The address and password of a demo user the scan may sign in as, lock or e-mail, so the Admin session stays. */
export const PROBE_USER = { email: 'service@example.com', password: 'demo-password' };

const today = () => new Date().toISOString().slice(0, 10);

/** The first option of a union that is a real value: not null and not the empty-string alternative. */
function mainOption(schema) {
  const options = schema.anyOf ?? schema.oneOf;
  if (!options) return schema;
  const isEmptyOrNull = (option) => option.type === 'null' || (option.enum?.length === 1 && option.enum[0] === '');
  return mainOption(options.find((option) => !isEmptyOrNull(option)) ?? options[0]);
}

/** Whether a value of this schema is free text, the kind an injection can ride in (enums and booleans cannot). */
export function isFreeText(schema) {
  const main = mainOption(schema ?? {});
  return main.type === 'string' && !main.enum && main.const === undefined;
}

function fitLength(text, schema) {
  const min = schema.minLength ?? 0;
  const max = schema.maxLength ?? Infinity;
  return text.padEnd(min, 'x').slice(0, max);
}

/** Values tried, in order, when the first guess for a text does not match the schema's pattern. */
const PATTERN_FALLBACKS = ['scan-probe', '10:00', '78701', '5125550100', 'TX', '1'];

function textFor(name, schema) {
  const guess = guessText(name, schema);
  if (schema.pattern === undefined) return guess;
  // A pattern the guess misses is met by the first plain value that fits (a time, a zip, a word without spaces).
  const pattern = new RegExp(schema.pattern);
  return [guess, ...PATTERN_FALLBACKS].find((text) => pattern.test(text)) ?? guess;
}

function guessText(name, schema) {
  if (schema.format === 'email' || /e-?mail/i.test(name)) return PROBE_USER.email;
  if (schema.format === 'date' || /date/i.test(name)) return today();
  if (schema.format === 'date-time') return new Date().toISOString();
  if (/password/i.test(name)) return fitLength('not-the-password', schema);
  if (/token/i.test(name)) return fitLength('scan-probe-token', schema);
  if (/zip/i.test(name)) return '78701';
  if (/hour|time$/i.test(name)) return '10:00';
  if (/phone|contactnumber/i.test(name)) return '5125550100';
  if (/^state$/i.test(name)) return 'TX';
  return fitLength('scan probe', schema);
}

function numberFor(name, schema) {
  const min = schema.minimum ?? (schema.exclusiveMinimum !== undefined ? schema.exclusiveMinimum + 1 : undefined);
  const max = schema.maximum ?? schema.exclusiveMaximum;
  // Years (a mow year, a report year) are bounded around now: the current one is always meaningful.
  if (/year/i.test(name) || (min !== undefined && min >= 1900 && min <= 2100)) {
    const year = new Date().getFullYear();
    return Math.min(Math.max(year, min ?? year), max ?? year);
  }
  return Math.min(Math.max(1, min ?? 1), max ?? 1);
}

/**
 * An example value for a schema. Objects get their required properties and their optional free-text ones (those are
 * what an injection test wants to reach); arrays get one item.
 */
export function exampleFor(schema, name = '') {
  const main = mainOption(schema ?? {});
  if (main.const !== undefined) return main.const;
  if (main.enum) return main.enum[0];
  if (main.default !== undefined) return main.default;
  switch (main.type) {
    case 'string':
      return textFor(name, main);
    case 'integer':
    case 'number':
      return numberFor(name, main);
    case 'boolean':
      return false;
    case 'array': {
      // One item when the list must have one or its items hold free text to test; otherwise an empty list is the
      // example most likely to be valid (a list of weeks to change, say, has rules per item).
      const item = exampleFor(main.items, name);
      const isWanted = (main.minItems ?? 0) > 0 || freeTextPaths(main.items, item).length > 0;
      return isWanted && (main.maxItems ?? 1) > 0 ? [item] : [];
    }
    case 'object': {
      const required = new Set(main.required ?? []);
      const entries = Object.entries(main.properties ?? {}).filter(
        ([key, property]) => required.has(key) || isFreeText(property),
      );
      return Object.fromEntries(entries.map(([key, property]) => [key, exampleFor(property, key)]));
    }
    default:
      return 'scan probe';
  }
}

/** Candidate values for a query parameter, best first, from a row of the route's list and the parameter's schema. */
export function queryCandidates(name, schema, row, objectKeys) {
  const candidates = [];
  const field = /^filter\[(.+)\]$/.exec(name)?.[1];
  const fromRow = field !== undefined ? row?.[field] : undefined;
  if (['string', 'number', 'boolean'].includes(typeof fromRow)) candidates.push(String(fromRow));
  if (name === 'sort') candidates.push('-id', 'id');
  if (name === 'include') candidates.push(...objectKeys);
  if (name === 'render') candidates.push('paginate');
  if (name === 'limit') candidates.push('10');
  candidates.push(String(exampleFor(schema, name)), '1', 'a');
  return [...new Set(candidates)];
}

/**
 * The JSON text of `body` with sqlmap's injection marker `*` after every free-text value listed in `marks` (paths such
 * as ['emails', 0]). A `*` already in a value would be read as a marker, so values lose theirs.
 */
export function markedJson(body, marks) {
  const sentinel = '\u0000SQLMAP_MARK\u0000';
  const copy = JSON.parse(
    JSON.stringify(body, (_key, value) => (typeof value === 'string' ? value.replaceAll('*', '') : value)),
  );
  for (const path of marks) {
    let parent = copy;
    for (const key of path.slice(0, -1)) parent = parent[key];
    parent[path.at(-1)] += sentinel;
  }
  return JSON.stringify(copy).replaceAll(JSON.stringify(sentinel).slice(1, -1), '*');
}

/** Paths of the free-text values in `body`, according to its schema. */
export function freeTextPaths(schema, value, path = []) {
  const main = mainOption(schema ?? {});
  if (Array.isArray(value)) return value.flatMap((item, index) => freeTextPaths(main.items, item, [...path, index]));
  if (value !== null && typeof value === 'object') {
    return Object.entries(value).flatMap(([key, item]) => freeTextPaths(main.properties?.[key], item, [...path, key]));
  }
  return typeof value === 'string' && isFreeText(schema) ? [path] : [];
}

/** The boundary of the scan's multipart bodies (plain text, so the body can ride in sqlmap's --data argument). */
export const UPLOAD_BOUNDARY = 'security-scan-boundary';

/**
 * A multipart/form-data body with one file, its name marked for sqlmap with `*` before the extension when `marked`.
 * The file must be text: sqlmap takes the body as a command-line argument, which cannot hold a NUL byte.
 */
export function multipartBody(upload, { marked = false } = {}) {
  const dot = upload.filename.lastIndexOf('.');
  const filename = marked ? `${upload.filename.slice(0, dot)}*${upload.filename.slice(dot)}` : upload.filename;
  return [
    `--${UPLOAD_BOUNDARY}`,
    `Content-Disposition: form-data; name="${upload.field}"; filename="${filename}"`,
    `Content-Type: ${upload.contentType}`,
    '',
    upload.content,
    `--${UPLOAD_BOUNDARY}--`,
    '',
  ].join('\r\n');
}
