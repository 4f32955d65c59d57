import {
  ACCEPTED_ONLINE,
  type PublicSignUpRequest,
  type RecordedPropertyAnswers,
  type StaffNewCustomerInput,
} from '@lawn/shared';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { customerHistory, properties } from '../../db/schema';
import { insertOrderMarket, NEW_ORDER_NOW, type OrderMarket } from '../../test/new-customer-fixtures';
import { useTestContext, type TestUser } from '../../test/test-app';

const t = useTestContext({ clock: () => NEW_ORDER_NOW });

let admin: TestUser;
let csr: TestUser;
let market: OrderMarket;

beforeAll(async () => {
  admin = await t.createUser({ role: 'Admin' });
  csr = await t.createUser({ role: 'customer-service', firstName: 'Sofia', lastName: 'Ramirez' });
  market = await insertOrderMarket(t, 'Answers market', await t.authHeaders(admin));
});

/** The office's wizard, taken by the CSR: a flower bed, pets and an above-ground pool, each released on the phone. */
async function createInWizard(overrides: Partial<StaffNewCustomerInput> = {}): Promise<number> {
  const body: StaffNewCustomerInput = {
    ...market.order({
      grassOvergrown: true,
      isCommunityGate: true,
      communityAnswer: '#4455',
      isFlowerBeds: true,
      isPetsBackyard: true,
      isAboveGroundPool: true,
    }),
    useServiceHousesOccupied: true,
    useServiceHousesScheduled: true,
    csrUserId: csr.id,
    acceptedReleases: ['isFlowerBeds', 'isPetsBackyard', 'isAboveGroundPool'],
    ...overrides,
  };
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/customers',
    remoteAddress: '10.20.30.40',
    headers: await t.authHeaders(csr),
    payload: body as Record<string, unknown>,
  });
  expect(response.statusCode).toBe(201);
  return response.json<{ data: { id: number } }>().data.id;
}

/** The public sign-up: a locked gate with a combo lock, beds line-trimmed, pets (knock first), fence and trampoline. */
async function createOnline(): Promise<number> {
  const body: PublicSignUpRequest = {
    order: market.order({
      isBackyardGate: true,
      backyardAnswer: '#9911',
      isFlowerBeds: true,
      isPetsBackyard: true,
      isFencePlastic: true,
      isTranpoline: true,
      payment: market.checkPayment(),
    }),
    signUp: {
      scheduleService: 'scheduled',
      isItLocked: 'Yes',
      isBackyardComboLock: 'Yes',
      isLineTrimBeds: 'Yes',
      isFlowerBedsDamage: 'No',
      isPetNoTrouble: 'yes_knock',
      disclaimerFencePlastic: 'Yes',
      disclaimerAboveGroundPool: '',
      disclaimerTrampoline: 'Yes',
      isFlowerBedCleaning: false,
      isBushTrimming: false,
    },
  };
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/web/customers',
    remoteAddress: '203.0.113.7',
    payload: body as Record<string, unknown>,
  });
  expect(response.statusCode).toBe(201);
  // The public answer names the account number only: a visitor learns no record id.
  const { accountNumber } = response.json<{ data: { accountNumber: string } }>().data;
  const [created] = await t.db
    .select({ id: properties.id })
    .from(properties)
    .where(eq(properties.accountNumber, accountNumber));
  if (!created) throw new Error(`no property with account number ${accountNumber}`);
  return created.id;
}

const readAnswers = async (id: number, user: TestUser = admin) =>
  t.app.inject({ url: `/api/customers/${id}/property-answers`, headers: await t.authHeaders(user) });

const answersOf = async (id: number) => (await readAnswers(id)).json<{ data: RecordedPropertyAnswers | null }>().data;

describe('the answers about the property and the releases of liability', () => {
  it('keeps the wizard’s answers and each release with the office user who took it, the address and the time', async () => {
    const id = await createInWizard();
    const release = {
      accepted: true,
      acceptedBy: 'Sofia Ramirez',
      acceptedByUserId: csr.id,
      acceptedFromIp: '10.20.30.40',
      acceptedAt: NEW_ORDER_NOW.toISOString(),
    };
    expect(await answersOf(id)).toEqual({
      grassOvergrown: true,
      isCommunityGate: true,
      communityCode: '#4455',
      isBackyardGate: true,
      isGateLocked: null,
      gateCode: '#1234',
      wantsComboLock: null,
      isFlowerBeds: true,
      lineTrimBeds: null,
      bedsCouldBeDamaged: null,
      isPetsBackyard: true,
      petsMowAround: null,
      isFencePlastic: false,
      isAboveGroundPool: true,
      isTranpoline: false,
      answeredAt: expect.any(String) as string,
      releases: [
        { item: 'isFlowerBeds', ...release },
        { item: 'isPetsBackyard', ...release },
        { item: 'isAboveGroundPool', ...release },
      ],
    });
  });

  it('keeps the sign-up’s answers, its follow-ups and releases accepted by the customer online', async () => {
    const id = await createOnline();
    const answers = await answersOf(id);
    expect(answers).toMatchObject({
      grassOvergrown: false,
      isBackyardGate: true,
      isGateLocked: true,
      gateCode: '#9911',
      wantsComboLock: true,
      isFlowerBeds: true,
      lineTrimBeds: true,
      bedsCouldBeDamaged: false,
      isPetsBackyard: true,
      petsMowAround: 'yes_knock',
      isFencePlastic: true,
      isAboveGroundPool: false,
      isTranpoline: true,
    });
    const online = {
      accepted: true,
      acceptedBy: ACCEPTED_ONLINE,
      acceptedByUserId: null,
      acceptedFromIp: '203.0.113.7',
      acceptedAt: NEW_ORDER_NOW.toISOString(),
    };
    expect(answers?.releases).toEqual([
      { item: 'isFencePlastic', ...online },
      { item: 'isTranpoline', ...online },
    ]);
  });

  it('writes them into the history at the creation, by the office user who took the order', async () => {
    const id = await createInWizard();
    const [entry] = await t.db
      .select()
      .from(customerHistory)
      .where(eq(customerHistory.propertyId, id))
      .then((rows) => rows.filter((row) => row.action === 'property-answers'));
    expect(entry?.userId).toBe(csr.id);
    expect(entry?.description).toContain('Above-ground pool: Yes');
    expect(entry?.description).toContain(
      'Release of liability accepted by Sofia Ramirez for: Flower beds, Pets in the backyard, Above-ground pool',
    );
    expect(entry?.changes?.['releases']).toEqual({
      from: null,
      to: ['isFlowerBeds', 'isPetsBackyard', 'isAboveGroundPool'],
    });
  });

  it('answers null for a record created before the answers were kept, and 404 for no record', async () => {
    const id = await createInWizard({
      isFlowerBeds: false,
      isPetsBackyard: false,
      isAboveGroundPool: false,
      acceptedReleases: [],
    });
    await t.pool.query('delete from property_answers where property_id = $1', [id]);
    expect((await readAnswers(id)).json()).toEqual({ data: null });
    expect((await readAnswers(99_999_999)).statusCode).toBe(404);
  });

  it('lets a crew user read the stops of their own crew only', async () => {
    const id = await createInWizard();
    const crewUser = await t.createUser({ role: 'crew', crewNumber: 17 });
    expect((await readAnswers(id, crewUser)).statusCode).toBe(404);
    await t.db.update(properties).set({ crew: 17 }).where(eq(properties.id, id));
    const response = await readAnswers(id, crewUser);
    expect(response.statusCode).toBe(200);
    expect(response.json<{ data: RecordedPropertyAnswers }>().data.releases).toHaveLength(3);
  });
});
