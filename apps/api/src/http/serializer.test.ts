import { customerListRowSchema } from '@lawn/shared';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { listResponseSchema } from './list-query';
import { createSerializerCompiler } from './serializer';

const route = (schema: z.ZodType) => ({ schema, method: 'GET', url: '/test', httpStatus: '200' });

const row = {
  id: 7,
  customerId: '600007',
  fullName: 'Ana "Quote" Díaz',
  firstName: 'Ana',
  lastName: 'Díaz',
  serviceAddress: '1 Main St\nBack door',
  city: 'Dallas',
  state: 'TX',
  zipcode: '75201',
  lat: 32.78,
  lng: null,
  contactNumber: '2145550100',
  email: null,
  market: 1,
  marketName: 'Dallas',
  phoneMarket: null,
  status: 1,
  statusName: 'Active',
  statusOrders: 1,
  crew: null,
  weekDay: 2,
  srvFrecuency: 1,
  frecuencyName: 'Weekly',
  cardType: 3,
  cardTypeName: 'Visa',
  isCardExpired: false,
  paymentType: 1,
  mowCut: ['Front', 'Back'],
  subtotalMowing: 35.5,
  taxRate: 0.0825,
  calculatedTax: 2.93,
  totalMowing: 38.43,
  updatedAt: '2026-11-26T10:00:00.000Z',
  userEdit: { id: 1, fullName: 'Alex Morgan' },
  userNote: null,
};

const page = { data: [row], total: 1, perPage: 50, currentPage: 1, firstPageUrl: '/api/customers?page=1', lastPage: 1 };

describe('the compiled response serializer', () => {
  const listSchema = listResponseSchema(customerListRowSchema);

  it.each([false, true])('writes what zod writes: a list page and a count (checking: %s)', (checkResponses) => {
    const serialize = createSerializerCompiler({ checkResponses })(route(listSchema));
    expect(JSON.parse(serialize(page))).toEqual(page);
    expect(JSON.parse(serialize({ total: 12 }))).toEqual({ total: 12 });
  });

  it('leaves out properties the schema does not declare, as zod does', () => {
    const serialize = createSerializerCompiler({ checkResponses: true })(route(listSchema));
    const written = JSON.parse(serialize({ ...page, data: [{ ...row, passwordHash: 'x' }], secret: 1 }));
    expect(written).toEqual(page);
  });

  it('answers a response that does not match its schema with an error while checking', () => {
    const serialize = createSerializerCompiler({ checkResponses: true })(route(listSchema));
    expect(() => serialize({ ...page, data: [{ ...row, id: 'seven' }] })).toThrow();
  });

  it('keeps zod for a schema without a JSON Schema (a date)', () => {
    const schema = z.object({ at: z.date() });
    const serialize = createSerializerCompiler({ checkResponses: false })(route(schema));
    expect(serialize({ at: new Date('2026-01-02T03:04:05.000Z') })).toBe('{"at":"2026-01-02T03:04:05.000Z"}');
    expect(() => serialize({ at: 'not a date' })).toThrow();
  });
});
