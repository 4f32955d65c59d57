// What the scan makes before building its targets, so every route has a real object to work on, and the demo values
// the example requests need (a served zip, its market and lot sizes, the payment key, a customer-service user).
import { PROBE_USER } from './examples.mjs';
import { firstAccepted, staffOrderFor } from './orders.mjs';

/** The smallest valid PNG (one transparent pixel): attachments are checked by content. */
const PIXEL_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

/** The rows of a list route (first page), or none. */
export async function listRows(client, collection) {
  for (const path of [`${collection}?limit=2`, collection]) {
    const { status, body } = await client.get(path);
    if (status === 200 && Array.isArray(body?.data)) return body.data;
  }
  return [];
}

/**
 * Creates what a fresh demo database lacks and gathers the values the examples need. Made here: two finished reports,
 * a skip note on the first property's next served week (the note routes edit and delete existing notes), two notes
 * with an attachment on the first one, a location linking the third property to the first, and two orders waiting for
 * approval (one to approve, one to reject).
 */
export async function prepareDemoObjects(client, operations) {
  const has = (key) => operations.some((operation) => `${operation.method} ${operation.template}` === key);
  const context = { year: new Date().getFullYear() };
  const properties = await client.get('/api/customers?limit=3');
  const rows = properties.body?.data ?? [];
  const propertyId = rows[0]?.id;
  context.properties = rows;
  if (has('post /api/reports/customers')) await prepareReports(client, propertyId);
  if (has('patch /api/customers/{id}/attributes') && has('get /api/customers/{id}/calendar')) {
    context.noteWeek = await prepareSkipNote(client, propertyId, context.year);
  }
  if (has('post /api/customers/{id}/notes')) await prepareNotes(client, propertyId);
  if (has('post /api/customers/{id}/locations') && rows[2]) {
    const { zipcode, customerId, serviceAddress } = rows[2];
    await client.request('POST', `/api/customers/${propertyId}/locations`, {
      streetAddress: serviceAddress,
      accountNumber: customerId,
      zipCode: zipcode,
    });
  }
  await gatherOrderValues(client, context);
  if (has('post /api/customers') && context.zone) {
    context.pendingOrders = [];
    for (let order = 0; order < 2; order += 1) {
      const created = await firstAccepted(client, 'POST', '/api/customers', (serviceDate) =>
        staffOrderFor(context, { serviceDate }),
      );
      if (created.body?.data?.id) context.pendingOrders.push(created.body.data.id);
      if (created.status < 400) context.serviceDate = created.value.serviceDate;
    }
  }
  return context;
}

async function prepareReports(client, propertyId) {
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

/** A skip note on the first served week after today: its week, or undefined when none could be made. */
async function prepareSkipNote(client, propertyId, year) {
  const today = new Date().toISOString().slice(0, 10);
  const { body } = await client.get(`/api/customers/${propertyId}/calendar?year=${year}`);
  const week = (body?.data?.data ?? []).find(
    (item) => item.start > today && item.customer?.active && item.customer?.isRegularService,
  )?.week;
  const note = { status: 'skip', year, week, message: 'security scan' };
  if (week && (await client.request('PATCH', `/api/customers/${propertyId}/attributes`, note)).status < 400) {
    return week;
  }
  return undefined;
}

/** Two notes (a delete takes the second) and a PNG on the first row of the note list. */
async function prepareNotes(client, propertyId) {
  const notesRoute = `/api/customers/${propertyId}/notes`;
  for (let note = 0; note < 2; note += 1) {
    await client.request('POST', notesRoute, {
      serviceDate: new Date().toISOString().slice(0, 10),
      serviceHour: '10:00',
      description: 'security scan',
      typeId: 1,
    });
  }
  const [first] = await listRows(client, notesRoute);
  if (first?.id === undefined) return;
  const form = new FormData();
  form.append('files', new Blob([PIXEL_PNG], { type: 'image/png' }), 'security-scan.png');
  await fetch(`${client.baseUrl}${notesRoute}/${first.id}/attachments`, {
    method: 'POST',
    headers: { authorization: `Bearer ${client.token}` },
    body: form,
  });
}

/** A served zip with its market and lot sizes, the payment key and the customer-service user's id. */
async function gatherOrderValues(client, context) {
  const [zone] = await listRows(client, '/api/service-zones');
  if (!zone) return;
  context.zone = zone;
  const table = await client.get(`/api/base-price?marketId=${zone.marketId}`);
  context.priceTable = table.body;
  context.tierId = table.body?.data?.[0]?.id;
  context.publicKey = (await client.get('/api/payments/public-key')).body?.data?.publicKey;
  const users = await client.get(`/api/users?filter[email]=${encodeURIComponent(PROBE_USER.email)}`);
  context.csrUserId = users.body?.data?.find((user) => user.email === PROBE_USER.email)?.id;
}
