import { base, en, en_US, Faker } from '@faker-js/faker';
import {
  canBagGrass,
  CUSTOMER_STATUS,
  isApprovedOrderStatus,
  LOT_SIZE_TIERS,
  olderAccountNumber,
  ORDER_STATUS,
  priceForLot,
  type Frequency,
  type LotSizeTier,
  type MowCut,
  type UsZip,
} from '@lawn/shared';
import { MARKET_AREAS, zipCodesOf, type MarketArea } from './market-zips';

export type GeneratorMarket = { id: number; name: string; taxRate: number };

export type GeneratorOptions = {
  seed: number;
  /** Markets as stored; only those with a known service area (MARKET_AREAS) receive properties. */
  markets: readonly GeneratorMarket[];
  /** Staff who appear as last editor, last note author and CSR. */
  staffIds: readonly number[];
  /** The first customer id and property id to use (ids are assigned here so COPY can link the rows). */
  firstCustomerId: number;
  firstPropertyId: number;
  /** "Today" for join dates and card expiry (fixed in tests). */
  today?: Date;
  /**
   * Which part of a large load this generator makes (default 0): each part draws its own random stream from the same
   * seed and the same name and street pools, so parts can be made in parallel and still give the same rows.
   */
  slice?: number;
};

export type GeneratedCustomer = {
  id: number;
  firstName: string;
  lastName: string;
  email: string | null;
  contactNumber: string;
  isCellphone: boolean;
  mailPreferences: number;
  isTranslation: boolean;
  createdAt: Date;
  updatedAt: Date;
};

export type GeneratedProperty = {
  id: number;
  customerId: number;
  accountNumber: string;
  marketId: number;
  serviceAddress: string;
  city: string;
  state: string;
  zipcode: string;
  lat: number;
  lng: number;
  crew: number | null;
  mapsco: string | null;
  mapA: string | null;
  mapscoGrid: string | null;
  weekDay: number;
  srvFrequency: number;
  lotSize: string;
  turfSize: number;
  billingLotSize: string;
  lotReview: string;
  useCornerLot: boolean;
  mowCut: MowCut[];
  costService: number;
  subtotalMowing: number;
  taxRate: number;
  calculatedTax: number;
  totalMowing: number;
  status: number;
  statusOrders: number;
  isRestart: boolean;
  isApproved: boolean;
  serviceDate: string;
  joinDate: string;
  sendSchedule: number | null;
  futureCancel: number | null;
  paymentType: number;
  cardType: number | null;
  cardLastFour: string | null;
  cardExpiry: string | null;
  /** The local gateway's token for the demo card or account (`tok_demo_<id>`); the seed puts it in the vault. */
  paymentToken: string;
  /** E-check: the account's last four digits. */
  bankLastFour: string | null;
  billingName: string;
  billingAddress: string;
  billingCity: string;
  billingState: string;
  billingZip: string;
  howHeard: number;
  referralCode: string | null;
  csrUserId: number | null;
  lastEditedBy: number | null;
  lastEditedAt: Date | null;
  lastNoteBy: number | null;
  lastNoteAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
};

const MAPSCO_GRID_LETTERS = 'ABCDEFGHJKLMNPQRSTUVWXYZ';

/**
 * Demo Mapsco references: a page, its MapA page and a grid square, on four properties in five. Derived from the id,
 * not drawn from the generator's random stream, so every other value stays as it was.
 */
function mapscoOf(id: number): Pick<GeneratedProperty, 'mapsco' | 'mapA' | 'mapscoGrid'> {
  if (id % 5 === 0) return { mapsco: null, mapA: null, mapscoGrid: null };
  // Counted from id / 5, so the pages are not tied to the ids left without one.
  const place = Math.floor(id / 5);
  return {
    mapsco: String(10 + (place % 690)),
    mapA: `${1 + (place % 80)}${'ABCD'[place % 4] ?? 'A'}`,
    mapscoGrid: MAPSCO_GRID_LETTERS[place % MAPSCO_GRID_LETTERS.length] ?? 'A',
  };
}

export type GeneratedRecord = { customer: GeneratedCustomer; properties: GeneratedProperty[] };

/** The payment token of a generated property: stable, so the seed and the bench can give the vault the same one. */
export const demoPaymentToken = (propertyId: number) => `tok_demo_${propertyId}`;

/** mulberry32: a small, fast, seedable PRNG; faker's own is far slower for a million rows. */
function createRandom(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let value = state;
    value = Math.imul(value ^ (value >>> 15), value | 1);
    value ^= value + Math.imul(value ^ (value >>> 7), value | 61);
    return ((value ^ (value >>> 14)) >>> 0) / 4_294_967_296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T;
  const chance = (probability: number) => next() < probability;
  /** Picks a key by weight: [[value, weight], ...]. */
  const weighted = <T>(table: readonly (readonly [T, number])[]): T => {
    const total = table.reduce((sum, [, weight]) => sum + weight, 0);
    let roll = next() * total;
    for (const [value, weight] of table) {
      roll -= weight;
      if (roll < 0) return value;
    }
    return (table[table.length - 1] as readonly [T, number])[0];
  };
  return { next, int, pick, chance, weighted };
}

const DAY = 24 * 60 * 60 * 1000;
const isoDate = (date: Date) => date.toISOString().slice(0, 10);
/** The last day of the month `monthsFromNow` months after `today`'s month (card expiry). */
function lastDayOfMonth(today: Date, monthsFromNow: number): string {
  return isoDate(new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth() + monthsFromNow + 1, 0)));
}

const STATUS_WEIGHTS = [
  [CUSTOMER_STATUS.active, 78],
  [CUSTOMER_STATUS.cardDeclined, 5],
  [CUSTOMER_STATUS.noMailer, 3],
  [CUSTOMER_STATUS.noResign, 3],
  [CUSTOMER_STATUS.pastCustomer, 8],
  [CUSTOMER_STATUS.stewart, 1.5],
  [CUSTOMER_STATUS.tooTall, 1.5],
] as const;
const ORDER_STATUS_WEIGHTS = [
  [ORDER_STATUS.approved, 88],
  [ORDER_STATUS.pending, 8],
  [ORDER_STATUS.rejected, 4],
] as const;
const FREQUENCY_WEIGHTS: readonly (readonly [Frequency, number])[] = [
  [1, 55],
  [2, 35],
  [3, 5],
  [4, 5],
];
const LOT_WEIGHTS: readonly (readonly [LotSizeTier, number])[] = LOT_SIZE_TIERS.map((tier, index) => [
  tier,
  [15, 30, 25, 12, 9, 6, 3][index] ?? 1,
]);
const MOW_CUT_WEIGHTS: readonly (readonly [MowCut[], number])[] = [
  [['Front', 'Back'], 72],
  [['Front', 'Back', 'BagGrass'], 14],
  [['Front'], 5],
  [['Back'], 3],
  [['Front', 'BagGrass'], 1],
  [['BagGrass'], 1],
  [['Front', 'Back', 'DuplexLeft'], 2],
  [['Front', 'Back', 'DuplexRight'], 2],
];
const CARD_WEIGHTS = [
  [4, 50],
  [5, 30],
  [3, 10],
  [6, 10],
] as const;
const HOW_HEARD = [1, 2, 3, 4, 5, 9] as const;
const EMAIL_DOMAINS = ['example.com', 'example.net', 'example.org'] as const;
const POOL_SIZE = 3000;

type Pools = { firstNames: string[]; lastNames: string[]; streets: string[] };
const poolsBySeed = new Map<number, Pools>();

/** Name and street pools drawn once per seed from faker, then picked from with the fast PRNG. */
function poolsOf(seed: number): Pools {
  let pools = poolsBySeed.get(seed);
  if (!pools) {
    const faker = new Faker({ locale: [en_US, en, base] });
    faker.seed(seed);
    pools = {
      firstNames: Array.from({ length: POOL_SIZE }, () => faker.person.firstName()),
      lastNames: Array.from({ length: POOL_SIZE }, () => faker.person.lastName()),
      streets: Array.from({ length: POOL_SIZE }, () => faker.location.street()),
    };
    poolsBySeed.set(seed, pools);
  }
  return pools;
}

/**
 * Deterministic demo and bench data: realistic customers and their properties in the four Texas markets, with real zip
 * codes, prices from the shared price rules, a spread of statuses, expired cards and order statuses. The same seed
 * and starting ids give the same rows.
 */
export function createCustomerGenerator(options: GeneratorOptions) {
  const random = createRandom(options.seed ^ Math.imul(options.slice ?? 0, 0x9e3779b9));
  const { firstNames, lastNames, streets } = poolsOf(options.seed);
  const today = options.today ?? new Date();

  const areas = MARKET_AREAS.flatMap((area) => {
    const market = options.markets.find((candidate) => candidate.name.toLowerCase() === area.market.toLowerCase());
    const zips = zipCodesOf(area);
    return market && zips.length > 0 ? [{ area, market, zips }] : [];
  });
  if (areas.length === 0) throw new Error('none of the four Texas markets exists: seed the markets first');
  const areaWeights = areas.map((entry) => [entry, entry.area.weight] as const);

  // A price depends only on the tier, frequency, cut and tax rate: a few hundred combinations for a million rows.
  const quotes = new Map<string, ReturnType<typeof priceForLot>>();
  const quoteOf = (tierName: string, frequency: Frequency, mowCut: readonly MowCut[], taxRate: number) => {
    const key = `${tierName}|${frequency}|${mowCut.join(',')}|${taxRate}`;
    let quote = quotes.get(key);
    if (!quote) {
      quote = priceForLot(tierName, frequency, mowCut, taxRate);
      quotes.set(key, quote);
    }
    return quote;
  };

  let customerId = options.firstCustomerId;
  let propertyId = options.firstPropertyId;

  const staff = () => (options.staffIds.length > 0 ? random.pick(options.staffIds) : null);
  const phone = (area: MarketArea) =>
    `${random.pick(area.areaCodes)}${random.int(200, 999)}${String(random.int(0, 9999)).padStart(4, '0')}`;
  const street = () => `${random.int(100, 9999)} ${random.pick(streets)}`;

  function makeProperty(
    customer: GeneratedCustomer,
    entry: { area: MarketArea; market: GeneratorMarket; zips: UsZip[] },
  ): GeneratedProperty {
    const id = propertyId;
    propertyId += 1;
    const zip = random.pick(entry.zips);
    const tier = random.weighted(LOT_WEIGHTS);
    const frequency = random.weighted(FREQUENCY_WEIGHTS);
    let mowCut = random.weighted(MOW_CUT_WEIGHTS);
    // Big lots and the Drought Schedule never bag grass, so such a property never lists it.
    if (!canBagGrass(tier.name, frequency)) mowCut = mowCut.filter((cut) => cut !== 'BagGrass');
    if (mowCut.length === 0) mowCut = ['Front', 'Back'];
    const quote = quoteOf(tier.name, frequency, mowCut, entry.market.taxRate);

    const statusOrders = random.weighted(ORDER_STATUS_WEIGHTS);
    const isECheck = random.chance(0.2);
    const cardType = isECheck ? null : random.weighted(CARD_WEIGHTS);
    const isExpired = cardType !== null && random.chance(0.12);
    // A card that expired is often what got the account declined.
    const status = isExpired && random.chance(0.5) ? CUSTOMER_STATUS.cardDeclined : random.weighted(STATUS_WEIGHTS);
    const joinDaysAgo = random.int(0, 6 * 365);
    const joinDate = new Date(today.getTime() - joinDaysAgo * DAY);
    const createdAt = new Date(joinDate.getTime() + random.int(8, 18) * 60 * 60 * 1000);
    const editedBy = random.chance(0.7) ? staff() : null;
    const noteBy = random.chance(0.5) ? staff() : null;
    const touched = (daysAgoMax: number) =>
      new Date(today.getTime() - random.int(0, Math.min(daysAgoMax, joinDaysAgo)) * DAY - random.int(0, 86_399) * 1000);
    const lastEditedAt = editedBy === null ? null : touched(365);
    const lastNoteAt = noteBy === null ? null : touched(365);
    const hasOwnBilling = random.chance(0.15);
    const serviceAddress = street();
    const isRestart = statusOrders === ORDER_STATUS.pending && random.chance(0.2);

    const property: GeneratedProperty = {
      id,
      customerId: customer.id,
      accountNumber: olderAccountNumber(id),
      marketId: entry.market.id,
      serviceAddress,
      city: zip.city,
      state: 'TX',
      zipcode: zip.zipcode,
      lat: Math.round((zip.lat + (random.next() - 0.5) * 0.04) * 1e6) / 1e6,
      lng: Math.round((zip.lng + (random.next() - 0.5) * 0.04) * 1e6) / 1e6,
      crew: statusOrders === ORDER_STATUS.pending && random.chance(0.3) ? null : random.int(101, 140),
      ...mapscoOf(id),
      weekDay: random.int(1, 5),
      srvFrequency: frequency,
      lotSize: tier.name,
      turfSize: random.int(tier.turfSizeStart, tier.turfSizeEnd),
      billingLotSize: random.chance(0.95) ? tier.name : (random.pick(LOT_SIZE_TIERS) as LotSizeTier).name,
      lotReview: random.chance(0.85) ? '1' : '2',
      useCornerLot: random.chance(0.1),
      mowCut,
      costService: quote.basePrice,
      subtotalMowing: quote.subtotal,
      taxRate: quote.taxRate,
      calculatedTax: quote.tax,
      totalMowing: quote.total,
      status,
      statusOrders,
      isRestart,
      isApproved: isApprovedOrderStatus(statusOrders),
      serviceDate: isoDate(new Date(joinDate.getTime() + random.int(1, 14) * DAY)),
      joinDate: isoDate(joinDate),
      sendSchedule: random.chance(0.05) ? random.int(1, 53) : null,
      futureCancel: random.chance(0.03) ? random.int(1, 53) : null,
      paymentType: isECheck ? 2 : 1,
      cardType,
      cardLastFour: String(random.int(0, 9999)).padStart(4, '0'),
      cardExpiry: cardType === null ? null : lastDayOfMonth(today, isExpired ? -random.int(1, 24) : random.int(0, 60)),
      billingName: `${customer.firstName} ${customer.lastName}`,
      billingAddress: hasOwnBilling ? street() : serviceAddress,
      billingCity: zip.city,
      billingState: 'TX',
      billingZip: zip.zipcode,
      howHeard: random.pick(HOW_HEARD),
      referralCode: random.chance(0.05) ? `REF${random.int(1000, 9999)}` : null,
      csrUserId: staff(),
      lastEditedBy: editedBy,
      lastEditedAt,
      lastNoteBy: noteBy,
      lastNoteAt,
      createdAt,
      updatedAt: lastEditedAt ?? createdAt,
      // Derived without drawing from the random stream, so every other field stays what this seed always made.
      paymentToken: demoPaymentToken(id),
      bankLastFour: null,
    };
    if (isECheck) property.bankLastFour = property.cardLastFour;
    return property;
  }

  /** The next customer with one property, or (3 %) two or three (never more than `maxProperties`). */
  function next(maxProperties = 3): GeneratedRecord {
    const entry = random.weighted(areaWeights);
    const firstName = random.pick(firstNames);
    const lastName = random.pick(lastNames);
    const id = customerId;
    customerId += 1;
    const createdAt = new Date(today.getTime() - random.int(0, 6 * 365) * DAY);
    const handle = `${firstName}.${lastName}`.toLowerCase().replace(/[^a-z.]/g, '');
    const customer: GeneratedCustomer = {
      id,
      firstName,
      lastName,
      // The id keeps every address unique (the unique index ignores case among live customers).
      email: random.chance(0.9) ? `${handle}${id}@${random.pick(EMAIL_DOMAINS)}` : null,
      contactNumber: phone(entry.area),
      isCellphone: random.chance(0.7),
      mailPreferences: random.chance(0.8) ? 1 : 2,
      isTranslation: random.chance(0.12),
      createdAt,
      updatedAt: createdAt,
    };
    const propertyCount = Math.min(random.chance(0.03) ? random.int(2, 3) : 1, Math.max(1, maxProperties));
    const properties = Array.from({ length: propertyCount }, (_, index) =>
      makeProperty(customer, index === 0 || random.chance(0.7) ? entry : random.weighted(areaWeights)),
    );
    return { customer, properties };
  }

  /** Records until exactly `propertyCount` properties are made, with consecutive property ids. */
  function* records(propertyCount: number): Generator<GeneratedRecord> {
    let remaining = propertyCount;
    while (remaining > 0) {
      const record = next(remaining);
      remaining -= record.properties.length;
      yield record;
    }
  }

  return { next, records };
}
