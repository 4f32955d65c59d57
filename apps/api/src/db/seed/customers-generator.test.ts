import { priceForLot, RECORD_BAG_GRASS_DISABLED_LOTS } from '@lawn/shared';
import { describe, expect, it } from 'vitest';
import { createCustomerGenerator, type GeneratorOptions } from './customers-generator';
import { lookupUsZip } from '../../reference/us-zips';
import { MARKET_AREAS } from './market-zips';

const TODAY = new Date('2026-06-15T12:00:00Z');
const OPTIONS: GeneratorOptions = {
  seed: 42,
  markets: [
    { id: 1, name: 'Dallas', taxRate: 8.25 },
    { id: 2, name: 'Fort Worth', taxRate: 8.25 },
    { id: 3, name: 'Austin', taxRate: 8.25 },
    { id: 4, name: 'San Antonio', taxRate: 7.5 },
  ],
  staffIds: [11, 12, 13],
  firstCustomerId: 1,
  firstPropertyId: 1,
  today: TODAY,
};

const generate = (count: number, options: Partial<GeneratorOptions> = {}) => [
  ...createCustomerGenerator({ ...OPTIONS, ...options }).records(count),
];

describe('createCustomerGenerator', () => {
  const records = generate(5000);
  const all = records.flatMap((record) => record.properties);

  it('is deterministic for a seed and differs between seeds', () => {
    expect(generate(200)).toEqual(generate(200));
    expect(generate(50, { seed: 43 })).not.toEqual(generate(50));
  });

  it('makes exactly the properties asked for, with consecutive ids and account numbers', () => {
    expect(all).toHaveLength(5000);
    expect(all.map((property) => property.id)).toEqual(Array.from({ length: 5000 }, (_, index) => index + 1));
    expect(all.every((property) => property.accountNumber === String(100_000 + property.id))).toBe(true);
    expect(records.map((record) => record.customer.id)).toEqual(
      Array.from({ length: records.length }, (_, index) => index + 1),
    );
    expect(generate(10, { firstPropertyId: 501, firstCustomerId: 90 })[0]?.properties[0]).toMatchObject({
      id: 501,
      customerId: 90,
      accountNumber: '100501',
    });
  });

  it('places properties at real zip codes of their market, near the zip code centre', () => {
    for (const property of all) {
      const market = OPTIONS.markets.find((candidate) => candidate.id === property.marketId);
      const area = MARKET_AREAS.find((candidate) => candidate.market === market?.name);
      const zip = lookupUsZip(property.zipcode);
      expect(zip?.state).toBe('TX');
      expect(area?.cities).toContain(zip?.city);
      expect(property.city).toBe(zip?.city);
      expect(Math.abs(property.lat - (zip?.lat ?? 0))).toBeLessThanOrEqual(0.021);
      expect(Math.abs(property.lng - (zip?.lng ?? 0))).toBeLessThanOrEqual(0.021);
    }
    expect(new Set(all.map((property) => property.marketId))).toEqual(new Set([1, 2, 3, 4]));
  });

  it('prices every property by the shared price rules and its market tax rate', () => {
    for (const property of all) {
      const taxRate = OPTIONS.markets.find((market) => market.id === property.marketId)?.taxRate ?? 0;
      const quote = priceForLot(property.lotSize, property.srvFrequency as 1, property.mowCut, taxRate);
      expect(property).toMatchObject({
        costService: quote.basePrice,
        subtotalMowing: quote.subtotal,
        taxRate,
        calculatedTax: quote.tax,
        totalMowing: quote.total,
      });
      if ((RECORD_BAG_GRASS_DISABLED_LOTS.slice(0, 3) as readonly string[]).includes(property.lotSize)) {
        expect(property.mowCut).not.toContain('BagGrass');
      }
      if (property.srvFrequency === 4) expect(property.mowCut).not.toContain('BagGrass');
    }
  });

  it('spreads statuses, order statuses, crews, days, frequencies and payment like a real book', () => {
    const share = (predicate: (property: (typeof all)[number]) => boolean) => all.filter(predicate).length / all.length;
    expect(share((property) => property.status === 1)).toBeGreaterThan(0.6);
    for (const status of [2, 3, 4, 5, 6, 7]) expect(share((property) => property.status === status)).toBeGreaterThan(0);
    expect(share((property) => property.statusOrders === 1)).toBeGreaterThan(0.8);
    expect(share((property) => property.statusOrders === 0)).toBeGreaterThan(0.03);
    expect(share((property) => property.statusOrders === 2)).toBeGreaterThan(0.01);
    expect(all.every((property) => property.crew === null || (property.crew >= 101 && property.crew <= 140))).toBe(
      true,
    );
    expect(new Set(all.map((property) => property.weekDay))).toEqual(new Set([1, 2, 3, 4, 5]));
    expect(share((property) => property.srvFrequency === 1 || property.srvFrequency === 2)).toBeGreaterThan(0.8);
    const expired = share((property) => property.cardExpiry !== null && property.cardExpiry < '2026-06-15');
    expect(expired).toBeGreaterThan(0.05);
    expect(expired).toBeLessThan(0.2);
    expect(all.every((property) => (property.cardType === null) === (property.paymentType === 2))).toBe(true);
    expect(all.every((property) => property.cardExpiry === null || /-(28|29|30|31)$/.test(property.cardExpiry))).toBe(
      true,
    );
    expect(share((property) => property.lastEditedBy !== null)).toBeGreaterThan(0.5);
    expect(
      all.every((property) => property.lastNoteBy === null || OPTIONS.staffIds.includes(property.lastNoteBy)),
    ).toBe(true);
  });

  it('gives some customers several properties, and every customer a unique e-mail and a 10-digit phone', () => {
    expect(records.filter((record) => record.properties.length > 1).length).toBeGreaterThan(50);
    const emails = records.flatMap((record) => (record.customer.email ? [record.customer.email.toLowerCase()] : []));
    expect(new Set(emails).size).toBe(emails.length);
    expect(records.every((record) => /^\d{10}$/.test(record.customer.contactNumber))).toBe(true);
  });

  it('refuses to run without any of the four markets', () => {
    expect(() => createCustomerGenerator({ ...OPTIONS, markets: [{ id: 9, name: 'Boston', taxRate: 6 }] })).toThrow(
      'seed the markets first',
    );
  });
});
