import { PICK_LIST, PICK_LIST_SEED, type PickListOption } from '@lawn/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestContext } from '../../test/test-app';

const t = useTestContext();
let headers: { authorization: string };

beforeAll(async () => {
  headers = await t.authHeaders(await t.createUser({ role: 'customer-service' }));
});

const list = async (query: Record<string, string>, as = headers) =>
  t.app.inject({ url: '/api/picklists', query, headers: as });
const names = (body: { data: PickListOption[] }) => body.data.map((option) => option.name);

describe('GET /api/picklists', () => {
  it('answers the billing reasons the migration stored, in their order or by name', async () => {
    const answer = await list({ 'filter[picklistId]': String(PICK_LIST.billingReasons) });
    expect(answer.statusCode).toBe(200);
    const reasons = PICK_LIST_SEED.filter((option) => option.picklistId === PICK_LIST.billingReasons);
    expect(names(answer.json())).toEqual(reasons.map((option) => option.name));
    const byName = await list({ 'filter[picklistId]': '7', sort: 'name' });
    expect(names(byName.json())).toEqual(reasons.map((option) => option.name).sort());
  });

  it('answers the how-heard sources with their stored codes, and the options of one source', async () => {
    const sources = (await list({ 'filter[picklistId]': String(PICK_LIST.howHeardSources) })).json<{
      data: PickListOption[];
    }>();
    expect(sources.data.map((option) => [option.code, option.name])).toEqual([
      [1, 'Web search'],
      [2, 'Social media'],
      [3, 'Mail card'],
      [4, 'Referral'],
      [9, 'TV AD'],
      [5, 'Current customer adding a new property'],
    ]);
    const social = await list({ 'filter[picklistId]': String(PICK_LIST.howHeardOptions), 'filter[groupId]': '2' });
    expect(names(social.json())).toEqual(['Facebook', 'Instagram', 'Next Door']);
  });

  it('holds exactly the options the forms and the server rules know', async () => {
    const all = (await list({ limit: '500' })).json<{ data: PickListOption[] }>();
    expect(all.data.map(({ id: _id, ...option }) => option)).toEqual(PICK_LIST_SEED);
  });

  it('refuses an unknown pick list or filter with 400', async () => {
    expect((await list({ 'filter[picklistId]': '99' })).statusCode).toBe(400);
    expect((await list({ 'filter[owner]': '1' })).statusCode).toBe(400);
    expect((await list({ 'filter[groupId]': '99999999999' })).statusCode).toBe(400);
  });

  it('lets office roles read, and nobody else', async () => {
    for (const role of ['Admin', 'Manager', 'Representative'] as const) {
      const as = await t.authHeaders(await t.createUser({ role }));
      expect((await list({}, as)).statusCode).toBe(200);
    }
    const crew = await t.authHeaders(await t.createUser({ role: 'crew' }));
    expect((await list({}, crew)).statusCode).toBe(403);
    expect((await t.app.inject({ url: '/api/picklists' })).statusCode).toBe(401);
  });

  it('offers no way to change them', async () => {
    const answer = await t.app.inject({
      method: 'POST',
      url: '/api/picklists',
      headers,
      payload: { picklistId: 7, name: 'Gift' },
    });
    expect(answer.statusCode).toBe(404);
  });
});
