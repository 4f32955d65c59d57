import type { LotSizeTable, PublicNewCustomerInput } from '@lawn/shared';
import { serviceZones } from '../db/schema';
import { encryptNumber, GOOD_BANK, GOOD_CARDS } from './payment-fixtures';
import { insertMarket } from './record-fixtures';
import type { TestContext } from './test-app';

/** Monday 4 May 2026, mid-morning in Chicago: the earliest start of a new order is Tuesday 5 May. */
export const NEW_ORDER_NOW = new Date('2026-05-04T15:00:00Z');

type Tier = LotSizeTable['data'][number];

/**
 * What a new-customer order needs from the database (a market that serves its zip, and what the browser fetches:
 * the API's public key and the market's lot-size tiers), and the orders and payments built on it.
 */
export type OrderMarket = {
  marketId: number;
  tier: (name: string) => Tier;
  /** A complete, valid order (see newCustomerOrder) with `overrides`. */
  order: (overrides?: Partial<PublicNewCustomerInput>) => PublicNewCustomerInput & { about: number };
  /** A card payment (Visa by default); the local gateway charges GOOD_CARDS and declines DECLINED_CARD. */
  cardPayment: (cardNumber?: string) => ReturnType<typeof cardPayment>;
  /** An e-check from an account the local gateway keeps. */
  checkPayment: () => ReturnType<typeof checkPayment>;
};

/**
 * A market serving Dallas 75201 with its lot-size table, and the API's public key. The table is read from the office's
 * path when `headers` sign in, from the public one otherwise, as each kind of order reads it.
 */
export async function insertOrderMarket(
  t: TestContext,
  name: string,
  headers?: { authorization: string },
): Promise<OrderMarket> {
  const marketId = await insertMarket(t.db, name, 8.25);
  await t.db.insert(serviceZones).values({ marketId, zipcode: '75201', city: 'Dallas', state: 'TX' });
  const key = await t.app.inject({ url: '/api/payments/public-key' });
  const publicKey = key.json<{ data: { publicKey: string } }>().data.publicKey;
  const table = headers
    ? await t.app.inject({ url: `/api/base-price?marketId=${marketId}`, headers })
    : await t.app.inject({ url: `/api/web/base-price?marketId=${marketId}` });
  const tiers = table.json<LotSizeTable>().data;
  const tier = (tierName: string) => {
    const found = tiers.find((option) => option.name === tierName);
    if (!found) throw new Error(`no tier ${tierName}`);
    return found;
  };
  const market: OrderMarket = {
    marketId,
    tier,
    order: (overrides = {}) => newCustomerOrder(marketId, tier('Small').id, cardPayment(publicKey), overrides),
    cardPayment: (cardNumber = GOOD_CARDS.visa) => cardPayment(publicKey, cardNumber),
    checkPayment: () => checkPayment(publicKey),
  };
  return market;
}

function cardPayment(publicKey: string, cardNumber: string = GOOD_CARDS.visa) {
  return {
    paymentOption: 0,
    nameOnCard: 'Jamie Rivera',
    creditCardNumber: encryptNumber(publicKey, cardNumber),
    cardType: 4,
    creditCardExpirationMonth: 5,
    creditCardExpirationYear: 2030,
    // The customer's acceptance of the charges: required on the sign-up, recorded by the wizard when given.
    authorizationAccepted: true,
  } as const;
}

function checkPayment(publicKey: string) {
  return {
    paymentOption: 1,
    checkNameOnAccount: 'Jamie Rivera',
    checkRoutingNumber: GOOD_BANK.routing,
    checkAccountNumber: encryptNumber(publicKey, GOOD_BANK.account),
    authorizationAccepted: true,
  } as const;
}

let sequence = 0;

/**
 * A complete, valid new-customer order, the fields the office's wizard and the public sign-up both send: a Small lot
 * in Dallas mowed weekly, front and back, from Tuesday 5 May, a backyard gate with its code, paid by Visa. Each call
 * is a new customer (its own address, name and e-mail).
 */
function newCustomerOrder(
  marketId: number,
  smallTierId: number,
  payment: ReturnType<typeof cardPayment>,
  overrides: Partial<PublicNewCustomerInput>,
): PublicNewCustomerInput & { about: number } {
  sequence += 1;
  return {
    zipcode: '75201',
    serviceAddress: `${100 + sequence} Long Meadow Boulevard North, Building Seven, Across From The Park`,
    city: 'Dallas',
    state: 'TX',
    marketId,
    aboutOption: 'Google',
    businesslogicId: smallTierId,
    srvFrecuency: 1,
    grassOvergrown: false,
    mowCut: ['Front', 'Back'],
    firstName: 'Jamie',
    lastName: `Rivera${sequence}`,
    email: `jamie.rivera${sequence}@example.com`,
    contactNumber: '(214) 555-0199',
    isCellphone: true,
    serviceDate: '2026-05-05',
    weekDay: 2,
    isCommunityGate: false,
    isBackyardGate: true,
    backyardAnswer: '#1234',
    isFlowerBeds: false,
    isPetsBackyard: false,
    isFencePlastic: false,
    isAboveGroundPool: false,
    isTranpoline: false,
    payment,
    billing: { isSameAsService: true },
    mailing: { isSameAsService: true },
    ...overrides,
    // How the customer heard of us is optional on the public path and required in the office's wizard.
    about: overrides.about ?? 1,
  };
}
