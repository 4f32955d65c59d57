// Turns the app's OpenAPI document into scan targets: every operation with its path ids filled from the demo data
// (an existing property, report, notification...), its query parameters and its JSON body, each with a value the app
// accepts where one can be found, so the scanners compare their payloads against a real answer.
import { exampleFor, freeTextPaths, PROBE_USER, queryCandidates } from './examples.mjs';

/** Routes whose example body needs the demo data or a user the scan may use (the rest is generated). */
const BODY_OVERRIDES = {
  // The probe user's real password, so an injected condition that holds signs in and one that fails does not.
  'POST /api/auth/login': () => ({ ...PROBE_USER }),
  'POST /api/auth/recover-password': () => ({ email: PROBE_USER.email }),
  // One row per export, so the exports the scanners set off stay small.
  'POST /api/reports/customers': ({ idsOf }) => ({
    typeDoc: 'csv',
    select: ['fullName'],
    ids: idsOf('/api/customers').slice(0, 1),
  }),
  // The note made by prepareDemoObjects.
  'PATCH /api/customers/{id}/service-notes': ({ year, noteWeek }) =>
    noteWeek ? { type: 'skip', year, week: noteWeek } : {},
  'DELETE /api/customers/{id}/service-notes': ({ year, noteWeek }) =>
    noteWeek ? { type: 'skip', year, week: noteWeek } : {},
};

/** Reads first, then writes, then deletes: a deleted object must not spoil the targets tested after it. */
const METHOD_ORDER = { get: 0, post: 1, put: 1, patch: 1, delete: 2 };

/** The operations of the document: { method, template, parameters, bodySchema }. */
export function operationsOf(document) {
  const operations = [];
  for (const [template, item] of Object.entries(document.paths ?? {})) {
    for (const [method, operation] of Object.entries(item)) {
      if (!(method in METHOD_ORDER)) continue;
      operations.push({
        method,
        template,
        parameters: operation.parameters ?? [],
        bodySchema: operation.requestBody?.content?.['application/json']?.schema,
      });
    }
  }
  return operations.sort((a, b) => METHOD_ORDER[a.method] - METHOD_ORDER[b.method]);
}

/**
 * Creates what a fresh demo database lacks for every route to have a real object to work on: two finished reports
 * and a skip note on the first property's next served week (the note routes edit and delete existing notes).
 */
export async function prepareDemoObjects(client, operations) {
  const has = (key) => operations.some((operation) => `${operation.method} ${operation.template}` === key);
  const context = { year: new Date().getFullYear() };
  const [propertyId] = await listIds(client, '/api/customers');
  if (has('post /api/reports/customers')) {
    for (const typeDoc of ['csv', 'xlsx']) {
      await client.request('POST', '/api/reports/customers', {
        nameDoc: `security scan ${typeDoc}`,
        typeDoc,
        select: ['fullName'],
        ids: [propertyId],
      });
    }
    // Give the export job a moment, so the download route has a completed file to serve.
    for (let attempt = 0; attempt < 30; attempt += 1) {
      const { body } = await client.get('/api/reports?limit=2');
      if ((body?.data ?? []).every((report) => !['requested', 'in_progress'].includes(report.status))) break;
      await new Promise((resolve) => setTimeout(resolve, 1_000));
    }
  }
  if (has('patch /api/customers/{id}/attributes') && has('get /api/customers/{id}/calendar')) {
    const today = new Date().toISOString().slice(0, 10);
    const { body } = await client.get(`/api/customers/${propertyId}/calendar?year=${context.year}`);
    const week = (body?.data?.data ?? []).find(
      (item) => item.start > today && item.customer?.active && item.customer?.isRegularService,
    )?.week;
    const note = { status: 'skip', year: context.year, week, message: 'security scan' };
    if (week && (await client.request('PATCH', `/api/customers/${propertyId}/attributes`, note)).status < 400) {
      context.noteWeek = week;
    }
  }
  return context;
}

async function listIds(client, collection) {
  for (const path of [`${collection}?limit=2`, collection]) {
    const { status, body } = await client.get(path);
    if (status === 200 && Array.isArray(body?.data)) return body.data.map((row) => row?.id).filter((id) => id != null);
  }
  return [];
}

/** Builds every target; `log` hears one line per operation whose example could not be made valid. */
export async function buildTargets(client, operations, prepared, log = () => undefined) {
  const getTemplates = new Set(operations.filter((op) => op.method === 'get').map((op) => op.template));
  const idCache = new Map();
  const idsOf = (collection) => idCache.get(collection) ?? [];
  const collectionOf = (template, segmentIndex) => {
    const segments = template.split('/').slice(0, segmentIndex);
    while (segments.length > 2) {
      const candidate = segments.join('/');
      if (getTemplates.has(candidate) && !candidate.includes('{')) return candidate;
      segments.pop();
    }
    return undefined;
  };
  for (const operation of operations) {
    operation.template.split('/').forEach((segment, index) => {
      const collection = segment.startsWith('{') ? collectionOf(operation.template, index) : undefined;
      if (collection) idCache.set(collection, undefined);
    });
  }
  for (const collection of idCache.keys()) idCache.set(collection, await listIds(client, collection));

  const targets = [];
  for (const operation of operations) {
    const pathValues = {};
    const segments = operation.template.split('/').map((segment, index) => {
      const name = /^\{(.+)\}$/.exec(segment)?.[1];
      if (!name) return segment;
      const ids = idsOf(collectionOf(operation.template, index));
      // A delete gets the second object, so the first stays for the other targets.
      const value = String((operation.method === 'delete' ? (ids[1] ?? ids[0]) : ids[0]) ?? 1);
      pathValues[name] = value;
      return value;
    });
    const path = segments.join('/');
    const queryParameters = operation.parameters.filter((parameter) => parameter.in === 'query');
    const { query, solo, status } = await chooseQuery(client, operation, path, queryParameters);
    const body = operation.bodySchema
      ? await chooseBody(client, operation, path, query, { ...prepared, idsOf })
      : undefined;
    const target = {
      method: operation.method.toUpperCase(),
      template: operation.template,
      path,
      pathValues,
      query,
      body: body?.value,
      bodyMarks: body ? freeTextPaths(operation.bodySchema, body.value) : [],
      baselineStatus: body?.status ?? status,
    };
    targets.push(target);
    // A parameter no value of which the app accepted next to the others is scanned on its own.
    for (const [name, value] of solo)
      targets.push({ ...target, query: [[name, value]], body: undefined, bodyMarks: [] });
    if (target.baselineStatus >= 400)
      log(`${target.method} ${target.template}: example answered ${target.baselineStatus}`);
  }
  return targets;
}

export function urlOf(path, query) {
  const search = query.map(([name, value]) => `${encodeURIComponent(name)}=${encodeURIComponent(value)}`).join('&');
  return search ? `${path}?${search}` : path;
}

/**
 * Picks, parameter by parameter, the first candidate value the app accepts together with those already chosen. Values
 * of list filters come from the first row of the list, so the combined filters still match that row.
 */
async function chooseQuery(client, operation, path, parameters) {
  const isRead = operation.method === 'get';
  const sample = isRead ? await client.get(path) : { status: 0 };
  const row = Array.isArray(sample.body?.data) ? sample.body.data[0] : sample.body?.data;
  const single =
    isRead && Array.isArray(sample.body?.data) && row?.id != null ? await client.get(`${path}/${row.id}`) : undefined;
  const objectKeys = Object.entries(single?.body?.data ?? {})
    .filter(([, value]) => value !== null && typeof value === 'object' && !Array.isArray(value))
    .map(([key]) => key);
  const ordered = [...parameters].sort((a, b) => Number(Boolean(b.required)) - Number(Boolean(a.required)));
  const query = [];
  const solo = [];
  let status = isRead ? sample.status : 0;
  for (const parameter of ordered) {
    const candidates = queryCandidates(parameter.name, parameter.schema ?? {}, row, objectKeys);
    // Writes are not replayed to probe values: their first candidate is taken as it is.
    if (!isRead) {
      query.push([parameter.name, candidates[0]]);
      continue;
    }
    let chosen;
    for (const candidate of candidates) {
      const answer = await client.get(urlOf(path, [...query, [parameter.name, candidate]]));
      if (answer.status < 400 || (answer.status !== 400 && answer.status === status)) {
        chosen = candidate;
        status = answer.status;
        break;
      }
    }
    if (chosen !== undefined) query.push([parameter.name, chosen]);
    else if (parameter.required) query.push([parameter.name, candidates[0]]);
    else solo.push([parameter.name, candidates[0]]);
  }
  if (isRead && query.length > 0) status = (await client.get(urlOf(path, query))).status;
  return { query, solo, status };
}

/**
 * The example body for a write, sent once to see whether the app accepts it; optional fields the app refuses are left
 * out (and retried twice), since one refused field would hide every other field behind a 400.
 */
async function chooseBody(client, operation, path, query, context) {
  const key = `${operation.method.toUpperCase()} ${operation.template}`;
  const value = exampleFor(operation.bodySchema);
  const isEdit = operation.method === 'patch' || operation.method === 'put';
  const current = isEdit ? (await client.get(urlOf(path, query))).body?.data : undefined;
  for (const field of Object.keys(value)) {
    // An edit sends the object's own values back: they pass every rule the app has for them.
    if (typeof current?.[field] === 'string' && typeof value[field] === 'string') value[field] = current[field];
  }
  Object.assign(value, BODY_OVERRIDES[key]?.(context) ?? {});
  // A delete is not tried out: it would remove the object before the scanners get to it.
  if (operation.method === 'delete') return { value, status: 0 };
  const required = new Set(operation.bodySchema.required ?? []);
  let status = 0;
  for (let attempt = 0; attempt < 3; attempt += 1) {
    const answer = await client.request(operation.method.toUpperCase(), urlOf(path, query), value);
    status = answer.status;
    const refused = Object.keys(answer.body?.errors ?? {}).filter((field) => field in value && !required.has(field));
    if (status !== 400 || refused.length === 0) break;
    for (const field of refused) delete value[field];
  }
  return { value, status };
}
