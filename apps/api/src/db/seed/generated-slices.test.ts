import { describe, expect, it } from 'vitest';
import { generateSlice, generateSlices, planSlices, workersFor } from './generated-slices';

const PLAN = {
  seed: 11,
  markets: [
    { id: 1, name: 'Dallas', taxRate: 8.25 },
    { id: 2, name: 'Austin', taxRate: 8.25 },
  ],
  staffIds: [3, 4],
  names: {
    markets: new Map([
      [1, 'Dallas'],
      [2, 'Austin'],
    ]),
    users: new Map([
      [3, 'Ana Lee'],
      [4, 'Bo Diaz'],
    ]),
  },
  today: new Date('2026-06-15T12:00:00Z'),
  firstCustomerId: 10,
  firstPropertyId: 20,
  properties: 250,
  sliceSize: 100,
};

const idsOf = (text: string) =>
  text
    .split('\n')
    .filter(Boolean)
    .map((line) => Number(line.split('\t')[0]));

describe('generated slices', () => {
  it('split the properties into slices of consecutive ids, with customer ids that never overlap', () => {
    const slices = planSlices(PLAN).map((request) => generateSlice(request));
    expect(slices.map((slice) => slice.propertyCount)).toEqual([100, 100, 50]);
    const propertyIds = slices.flatMap((slice) => idsOf(slice.properties));
    expect(propertyIds).toEqual(Array.from({ length: 250 }, (_, index) => 20 + index));
    const customerIds = slices.map((slice) => idsOf(slice.customers));
    customerIds.forEach((ids, slice) => {
      expect(Math.min(...ids)).toBe(10 + slice * 100);
      expect(Math.max(...ids)).toBeLessThan(10 + (slice + 1) * 100);
    });
  });

  it('are the same text generated in worker threads as in this one, in order', async () => {
    const requests = planSlices(PLAN);
    const inWorkers = [];
    for await (const text of generateSlices(requests, 2)) inWorkers.push(text);
    expect(inWorkers).toEqual(requests.map((request) => generateSlice(request)));
  });

  it('use workers only for a large load', () => {
    expect(workersFor(50_000, 2)).toBe(0);
    expect(workersFor(1_000_000, 40)).toBeGreaterThan(0);
    expect(workersFor(1_000_000, 1)).toBe(0);
  });
});
