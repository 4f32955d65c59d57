// The example values that cannot be generated from the schema alone: they need the demo data, the objects the scan
// made (prepare.mjs) or a user the scan may use. Keys are "METHOD /template" as in the OpenAPI document.
import { PROBE_USER } from './examples.mjs';
import { paymentFor, signUpFor, staffOrderFor } from './orders.mjs';

/** The demo customer's web account (seeded with every demo database). */
const DEMO_CUSTOMER = { email: 'customer@example.com', password: 'demo-password' };

/** Query values chosen before the others, because the route wants them together (a price needs a size and a market). */
export const QUERY_SEEDS = {
  'GET /api/logics/baggrass': ({ zone }) => priceQuery(zone),
  'GET /api/web/logics/baggrass': ({ zone }) => priceQuery(zone),
  // A demo property's own address: the county data holds a record for each of them.
  'GET /api/places/property-data': ({ properties }) =>
    properties?.[0]
      ? [
          ['address', properties[0].serviceAddress],
          ['zipcode', properties[0].zipcode],
        ]
      : [],
};

/** Path values that are not the first row of the nearest list. */
export const PATH_OVERRIDES = {
  // Orders still waiting for a decision, one for each decision (prepare.mjs makes them).
  'POST /api/customers/{id}/approve': ({ pendingOrders }) => ({ id: pendingOrders?.[0] }),
  'POST /api/customers/{id}/reject': ({ pendingOrders }) => ({ id: pendingOrders?.[1] }),
};

/** Path parameters that are not ids, by name. */
export const PATH_VALUES = {
  // A zip in a service zone, so the look-ups find a market.
  zipcode: ({ zone }) => zone?.zipcode,
};

/**
 * Writes that happen once (deciding an order): they are not tried out while building the targets, so the object is
 * still in its state when sqlmap's first request, the one its payloads are compared with, reaches it.
 */
export const NOT_TRIED = new Set(['POST /api/customers/{id}/approve', 'POST /api/customers/{id}/reject']);

/**
 * Routes that take a file (multipart/form-data, not in the OpenAPI document's bodies): the file sent, its name the
 * point sqlmap injects into. Attachments are checked by their first bytes; "ID3" makes an MP3, and a text file keeps
 * the body free of NUL bytes.
 */
export const UPLOADS = {
  'POST /api/customers/{id}/notes/{noteId}/attachments': {
    field: 'files',
    filename: 'security-scan.mp3',
    contentType: 'audio/mpeg',
    content: 'ID3 security scan',
  },
};

/** Bodies, or the parts of them, that the schema alone cannot make valid. Each may be async. */
export const BODY_OVERRIDES = {
  // The probe user's real password, so an injected condition that holds signs in and one that fails does not.
  'POST /api/auth/login': () => ({ ...PROBE_USER }),
  'POST /api/auth/recover-password': () => ({ email: PROBE_USER.email }),
  // The demo customer's web account, for the same reason (the Admin session is a staff one and stays).
  'POST /api/web/auth/login': () => ({ ...DEMO_CUSTOMER }),
  // A demo property's account number: the external sign-in finds it.
  'POST /api/external/login-account': ({ properties }) =>
    properties?.[0] ? { account_number: properties[0].customerId } : {},
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
  // The market's own table sent back: the tiers must start at 0 and follow each other.
  'PUT /api/base-price': ({ priceTable }) =>
    priceTable ? { version: priceTable.version, tiers: priceTable.data.map(({ id: _id, ...tier }) => tier) } : {},
  // A real zip no zone serves yet (El Paso): a served one belongs to its market already.
  'POST /api/service-zones': ({ zone }) => (zone ? { marketId: zone.marketId, zipcode: '79936' } : {}),
  // The zone's own market (its zip and version are sent back like every edit's).
  'PATCH /api/service-zones/{id}': ({ current }) => (current ? { marketId: current.marketId } : {}),
  // Another property's account at its address (the third demo row; the second is linked by prepareDemoObjects).
  'POST /api/customers/{id}/locations': ({ properties }) =>
    properties?.[1]
      ? {
          streetAddress: properties[1].serviceAddress,
          accountNumber: properties[1].customerId,
          zipCode: properties[1].zipcode,
        }
      : {},
  // The order's current version, as the approval screen sends it.
  'POST /api/customers/{id}/approve': ({ versionOf, path }) => versionOf(path.replace(/\/approve$/, '')),
  'POST /api/customers/{id}/reject': async ({ versionOf, path }) => ({
    ...(await versionOf(path.replace(/\/reject$/, ''))),
    serviceDate: new Date().toISOString().slice(0, 10),
    rejectionReasons: ['Just Shopping'],
  }),
  // A card the local gateway keeps, encrypted with the app's key as the payment page does.
  'PATCH /api/customers/{id}/update-credit-card': ({ publicKey }) => (publicKey ? paymentFor(publicKey) : {}),
  // Complete new orders at a served zip, starting on the business day the set-up's orders were accepted for.
  'POST /api/customers': (context) =>
    context.serviceDate ? staffOrderFor(context, { serviceDate: context.serviceDate }) : {},
  'POST /api/web/customers': (context) =>
    context.serviceDate ? signUpFor(context, { serviceDate: context.serviceDate }) : {},
};

/** Price look-up values: a size in the market's first tier, weekly, in the zip's market. */
function priceQuery(zone) {
  return [['srvFrequency', '1'], ['lotSize', '5000'], ...(zone ? [['marketId', String(zone.marketId)]] : [])];
}
