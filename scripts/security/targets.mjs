// Turns the app's OpenAPI document into scan targets: every operation with its path ids filled from the demo data
// (an existing property, report, notification...), its query parameters and its JSON body, each with a value the app
// accepts where one can be found, so the scanners compare their payloads against a real answer.
import { exampleFor, freeTextPaths, multipartBody, queryCandidates, UPLOAD_BOUNDARY } from './examples.mjs';
import { BODY_OVERRIDES, NOT_TRIED, PATH_OVERRIDES, PATH_VALUES, QUERY_SEEDS, UPLOADS } from './overrides.mjs';
import { listRows } from './prepare.mjs';

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

/** Builds every target; `log` hears one line per operation whose example could not be made valid. */
export async function buildTargets(client, operations, prepared, log = () => undefined) {
  const getTemplates = new Set(operations.filter((op) => op.method === 'get').map((op) => op.template));
  // The rows of each list route, by path with its ids filled in (a note's list is that of one property).
  const rowCache = new Map();
  const rowsOf = async (collection) => {
    if (!rowCache.has(collection)) rowCache.set(collection, await listRows(client, collection));
    return rowCache.get(collection);
  };
  const idsOf = (collection) => (rowCache.get(collection) ?? []).map((row) => row?.id).filter((id) => id != null);
  /** The operation's path with its ids: the first row of the nearest list, or a value of the parameter's own. */
  const pathOf = async (operation) => {
    const key = `${operation.method.toUpperCase()} ${operation.template}`;
    const pathValues = {};
    const overridden = PATH_OVERRIDES[key]?.(prepared) ?? {};
    const segments = operation.template.split('/');
    for (const [index, segment] of segments.entries()) {
      const name = /^\{(.+)\}$/.exec(segment)?.[1];
      if (!name) continue;
      const parameter = operation.parameters.find((p) => p.in === 'path' && p.name === name);
      const collection = collectionOf(operation.template, index, pathValues);
      const ids = collection ? (await rowsOf(collection)).map((row) => row?.id).filter((id) => id != null) : [];
      // A delete gets the second object, so the first stays for the other targets; the objects above it (the
      // property of a note) are the first, which the set-up gave what is deleted.
      const isDeleted = operation.method === 'delete' && index === segments.length - 1;
      const fromList = isDeleted ? (ids[1] ?? ids[0]) : ids[0];
      // A text parameter (a zip) is not an id: it gets a value of its own.
      const value =
        overridden[name] ??
        PATH_VALUES[name]?.(prepared) ??
        (parameter?.schema?.type === 'string' ? exampleFor(parameter.schema, name) : fromList) ??
        1;
      pathValues[name] = String(value);
      segments[index] = String(value);
    }
    return { path: segments.join('/'), pathValues };
  };
  /** The nearest list route above a path parameter, with the ids before it filled in. */
  const collectionOf = (template, segmentIndex, pathValues) => {
    const segments = template.split('/').slice(0, segmentIndex);
    while (segments.length > 2) {
      const candidate = segments.join('/');
      const filled = candidate.replace(/\{(.+?)\}/g, (_, name) => pathValues[name] ?? `{${name}}`);
      if (getTemplates.has(candidate) && !filled.includes('{')) return filled;
      segments.pop();
    }
    return undefined;
  };
  await rowsOf('/api/customers');

  // Every path is filled before any write is tried, so the lists the ids come from are those of the demo data.
  const paths = [];
  for (const operation of operations) paths.push(await pathOf(operation));

  const targets = [];
  for (const [index, operation] of operations.entries()) {
    const key = `${operation.method.toUpperCase()} ${operation.template}`;
    const { path, pathValues } = paths[index];
    const queryParameters = operation.parameters.filter((parameter) => parameter.in === 'query');
    const seeds = QUERY_SEEDS[key]?.(prepared) ?? [];
    const { query, solo, status } = await chooseQuery(client, operation, path, queryParameters, seeds);
    const current = operation.bodySchema ? await currentObject(client, path, query, rowCache) : undefined;
    const context = { ...prepared, client, idsOf, path, current, versionOf: (route) => versionOf(client, route) };
    const body = operation.bodySchema ? await chooseBody(client, operation, path, query, context) : undefined;
    const upload = UPLOADS[key];
    const uploadStatus = upload ? await sendUpload(client, urlOf(path, query), upload) : undefined;
    const target = {
      method: operation.method.toUpperCase(),
      template: operation.template,
      path,
      pathValues,
      query,
      body: body?.value,
      bodyMarks: body ? freeTextPaths(operation.bodySchema, body.value) : [],
      upload,
      baselineStatus: body?.status ?? uploadStatus ?? status,
    };
    targets.push(target);
    // A parameter no value of which the app accepted next to the others is scanned on its own.
    for (const [name, value] of solo)
      targets.push({ ...target, query: [[name, value]], body: undefined, bodyMarks: [], upload: undefined });
    if (target.baselineStatus >= 400)
      log(`${target.method} ${target.template}: example answered ${target.baselineStatus}`);
  }
  return targets;
}

/** The object a write works on: its own route's answer, or its row in the list above it (a zone has no own route). */
async function currentObject(client, path, query, rowCache) {
  const own = await client.get(urlOf(path, query));
  if (own.status === 200 && own.body?.data && !Array.isArray(own.body.data)) return own.body.data;
  const id = path.split('/').at(-1);
  const list = path.split('/').slice(0, -1).join('/');
  return rowCache.get(list)?.find((row) => String(row?.id) === id);
}

/** Sends a file upload the way sqlmap will (same body, unmarked): its status. */
async function sendUpload(client, route, upload) {
  const response = await fetch(`${client.baseUrl}${route}`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${client.token}`,
      'content-type': `multipart/form-data; boundary=${UPLOAD_BOUNDARY}`,
    },
    body: multipartBody(upload),
  });
  await response.arrayBuffer();
  return response.status;
}

/** `{ version }` of the object at `route`, as an edit or a decision sends it. */
async function versionOf(client, route) {
  const version = (await client.get(route)).body?.data?.version;
  return typeof version === 'number' ? { version } : {};
}

export function urlOf(path, query) {
  const search = query.map(([name, value]) => `${encodeURIComponent(name)}=${encodeURIComponent(value)}`).join('&');
  return search ? `${path}?${search}` : path;
}

/**
 * Picks, parameter by parameter, the first candidate value the app accepts together with those already chosen. Values
 * of list filters come from the first row of the list, so the combined filters still match that row.
 */
async function chooseQuery(client, operation, path, parameters, seeds = []) {
  const isRead = operation.method === 'get';
  const sample = isRead ? await client.get(path) : { status: 0 };
  const row = Array.isArray(sample.body?.data) ? sample.body.data[0] : sample.body?.data;
  const single =
    isRead && Array.isArray(sample.body?.data) && row?.id != null ? await client.get(`${path}/${row.id}`) : undefined;
  const objectKeys = Object.entries(single?.body?.data ?? {})
    .filter(([, value]) => value !== null && typeof value === 'object' && !Array.isArray(value))
    .map(([key]) => key);
  const ordered = [...parameters].sort((a, b) => Number(Boolean(b.required)) - Number(Boolean(a.required)));
  // Values the route wants together are chosen first, as they are.
  const query = seeds.filter(([name]) => parameters.some((parameter) => parameter.name === name));
  const solo = [];
  let status = isRead ? (query.length > 0 ? (await client.get(urlOf(path, query))).status : sample.status) : 0;
  for (const parameter of ordered) {
    if (query.some(([name]) => name === parameter.name)) continue;
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
  const { current } = context;
  for (const field of Object.keys(value)) {
    // An edit sends the object's own values back: they pass every rule the app has for them; its version too.
    if (!isEdit || current === undefined) continue;
    if (typeof current[field] === 'string' && typeof value[field] === 'string') value[field] = current[field];
    if (field === 'version' && typeof current.version === 'number') value.version = current.version;
  }
  Object.assign(value, (await BODY_OVERRIDES[key]?.(context)) ?? {});
  // A delete is not tried out: it would remove the object before the scanners get to it. Nor is a one-time step.
  if (operation.method === 'delete' || NOT_TRIED.has(key)) return { value, status: 0 };
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
