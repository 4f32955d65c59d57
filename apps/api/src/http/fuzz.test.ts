import { EXTERNAL_SCOPES, ROLES, type Role } from '@lawn/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { notifications, reports, serviceZones } from '../db/schema';
import { insertMarket, insertRecord } from '../test/record-fixtures';
import { signExternalToken } from '../tokens/external-token';
import { fuzzRequests, operationsOf, type FuzzRequest, type OpenApiDocument } from '../test/fuzz/fuzz-requests';
import { nextIp, TEST_JWT_SECRET, useTestContext, type TestUser } from '../test/test-app';
import type { Access } from './auth';

/**
 * Fuzzing from the OpenAPI document (the one served at /api/docs/json): requests generated from every route's
 * schemas, each with one thing made wrong (wrong types, huge numbers, NUL bytes, unpaired surrogates, 10,000-character
 * strings, unknown or missing fields, arrays for objects, malformed JSON, other content types), sent signed in as a
 * role the route allows (anonymous half the time on public routes). Hostile values go into the fields each route
 * declares (body, path, query and header), alone with the required fields or inside an otherwise valid request, not
 * only into unknown ones. Whatever a client sends, the answer is never a 5xx.
 *
 * The generator is seeded, so a run repeats exactly: `npm run fuzz -- --seed 42 --count 10000` (root script), and
 * `--only 17` replays request #17 of that run alone. The suite runs FUZZ_COUNT (1,000) requests with a fixed seed.
 */
const SEED = Number(process.env['FUZZ_SEED'] ?? 20_261_121);
const COUNT = Number(process.env['FUZZ_COUNT'] ?? 1000);
const ONLY = process.env['FUZZ_ONLY'] === undefined ? undefined : Number(process.env['FUZZ_ONLY']);
/** How much of a long URL or body a failure report shows; the seed and index reproduce it whole. */
const SHOWN_CHARACTERS = 400;

const t = useTestContext({ captureLogs: true });

const usersByRole = new Map<Role, TestUser>();
let propertyId: number;
const validIds: number[] = [];

beforeAll(async () => {
  for (const role of ROLES) usersByRole.set(role, await t.createUser({ role, crewNumber: role === 'crew' ? 7 : null }));
  const admin = usersByRole.get('Admin') as TestUser;
  const marketId = await insertMarket(t.db, 'Fuzz market');
  // Several of each, so ids that exist stay plentiful even after generated requests delete some.
  const properties = [];
  for (let index = 0; index < 5; index += 1) properties.push((await insertRecord(t.db, { marketId })).id);
  propertyId = properties[0] as number;
  const reportRows = await t.db
    .insert(reports)
    .values(
      [1, 2, 3].map((index) => ({
        userId: admin.id,
        name: `Fuzz ${index}`,
        filename: 'fuzz.csv',
        format: 'csv' as const,
        query: {},
      })),
    )
    .returning({ id: reports.id });
  const notificationRows = await t.db
    .insert(notifications)
    .values([1, 2, 3].map((index) => ({ userId: admin.id, typeId: 4, name: `Fuzz ${index}`, date: new Date() })))
    .returning({ id: notifications.id });
  const zoneRows = await t.db
    .insert(serviceZones)
    .values(['75201', '75202', '75203'].map((zipcode) => ({ marketId, zipcode, city: 'Dallas', state: 'TX' })))
    .returning({ id: serviceZones.id });
  validIds.push(
    ...new Set([
      marketId,
      ...properties,
      ...reportRows.map((row) => row.id),
      ...notificationRows.map((row) => row.id),
      ...zoneRows.map((row) => row.id),
    ]),
  );
  validIds.sort((a, b) => a - b);
});

/** The declared access of each route, by 'METHOD /api/path/{param}' as the document writes paths. */
function accessByOperation(): Map<string, Access> {
  const map = new Map<string, Access>();
  for (const route of t.app.routeTable) {
    if (route.config.access === undefined) continue;
    map.set(`${route.method} ${route.url.replace(/:(\w+)/g, '{$1}')}`, route.config.access);
  }
  return map;
}

/**
 * Signed in as a role the route allows (Admin where it may), or with an external token on external and customer
 * routes.
 */
async function authorizationFor(access: Access | undefined, isAnonymous: boolean): Promise<Record<string, string>> {
  if (access === 'public' && isAnonymous) return {};
  if (typeof access === 'object' && ('external' in access || 'customer' in access)) {
    const token = await signExternalToken({ propertyId, scopes: [...EXTERNAL_SCOPES] }, TEST_JWT_SECRET);
    return { authorization: `Bearer ${token}` };
  }
  const roles: readonly Role[] = Array.isArray(access) ? access : ['Admin'];
  const role = roles.includes('Admin') ? 'Admin' : (roles[0] as Role);
  return t.authHeaders(usersByRole.get(role) as TestUser);
}

/**
 * Long text cut short, and control characters (NUL above all) and unpaired surrogates written as escapes so the
 * report stays text.
 */
const shorten = (text: string | undefined): string => {
  if (text === undefined) return '(none)';
  const shown =
    text.length <= SHOWN_CHARACTERS ? text : `${text.slice(0, SHOWN_CHARACTERS)}… (${text.length} characters)`;
  return shown.replace(
    // Matching control characters is the point here.
    // eslint-disable-next-line no-control-regex
    /[\u0000-\u0009\u000b-\u001f]|\p{Surrogate}/gu,
    (character) => `\\u${character.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
};

/** The message of the error the server logged for the last request, so a report says what broke. */
function loggedError(lines: readonly string[]): string {
  for (const line of lines) {
    const entry = JSON.parse(line) as { level?: number; err?: { message?: string } };
    if ((entry.level ?? 0) >= 50) return entry.err?.message ?? line;
  }
  return '(nothing logged)';
}

/** What went wrong, in short: a failed SQL statement becomes its table and the database's complaint. */
function errorKind(error: string): string {
  const database = /^Failed query: [\s\S]*?\b(?:from|update|into) "(\w+)"[\s\S]*?\nparams: .*?: (.*)$/.exec(error);
  return shorten(database ? `query on ${database[1]} failed: ${database[2]}` : error);
}

function describeFailure(index: number, request: FuzzRequest, status: number, error: string): string {
  return [
    `5xx from generated request #${index} (seed ${SEED}, count ${COUNT}): ${status}`,
    `  ${request.method} ${shorten(request.url)}`,
    `  mutation: ${request.mutation}; content-type: ${request.headers['content-type'] ?? '(none)'}`,
    `  body: ${shorten(request.payload)}`,
    `  server error: ${errorKind(error)}`,
  ].join('\n');
}

describe('fuzzing every route from the OpenAPI document', () => {
  it(
    `answers ${ONLY === undefined ? COUNT : 1} generated requests with no 5xx (seed ${SEED})`,
    {
      timeout: COUNT * 200 + 60_000,
    },
    async () => {
      const document = t.app.swagger() as unknown as OpenApiDocument;
      const requests = fuzzRequests(document, { seed: SEED, count: COUNT, validIds });
      const access = accessByOperation();
      const failures: { operation: string; error: string }[] = [];
      if (ONLY === undefined && COUNT >= 500) {
        // Every route gets its share: a route the generator cannot reach would pass unseen.
        const reached = new Set(requests.map((request) => `${request.method} ${request.path}`));
        const operations = operationsOf(document).map((operation) => `${operation.method} ${operation.path}`);
        expect(operations.filter((operation) => !reached.has(operation))).toEqual([]);
      }

      for (const [index, request] of requests.entries()) {
        if (ONLY !== undefined && index !== ONLY) continue;
        const declared = access.get(`${request.method} ${request.path}`);
        const headers = { ...request.headers, ...(await authorizationFor(declared, request.isAnonymous)) };
        t.logs.length = 0;
        const response = await t.app.inject({
          method: request.method as 'GET',
          url: request.url,
          headers,
          ...(request.payload === undefined ? {} : { payload: request.payload }),
          remoteAddress: nextIp(),
        });
        if (response.statusCode >= 500) {
          const error = loggedError(t.logs);
          console.error(describeFailure(index, request, response.statusCode, error));
          failures.push({ operation: `${request.method} ${request.path}`, error });
        }
      }
      t.logs.length = 0;

      // One line per route and kind of error (numbers left out), so many hits still read as a short list of bugs.
      const summary = [
        ...new Set(failures.map((failure) => `${failure.operation}: ${errorKind(failure.error).replace(/\d+/g, 'N')}`)),
      ];
      expect(
        summary,
        `${failures.length} requests answered 5xx; each is printed above with its seed and index`,
      ).toEqual([]);
    },
  );
});
