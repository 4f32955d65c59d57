import { describe, expect, it } from 'vitest';
import { CUSTOMER_MESSAGES } from '../customers/customer.schema';
import { PLACE_MESSAGES, zipcodeSchema } from './place.schema';

const messageOf = (invalidZips: readonly string[], zip: unknown) =>
  zipcodeSchema(invalidZips)
    .safeParse(zip)
    .error?.issues.map((issue) => issue.message);

describe('zipcodeSchema', () => {
  it.each([
    [[], '75201', undefined],
    [[], '', [CUSTOMER_MESSAGES.zipRequired]],
    [[], '7520', [CUSTOMER_MESSAGES.zipInvalid]],
    // A zip a look-up failed for fails wherever it is typed again, the billing zip included.
    [['99999'], '99999', [PLACE_MESSAGES.zipFoundInvalid]],
    [['99999'], '75201', undefined],
    [['99999', '00001'], '00001', [PLACE_MESSAGES.zipFoundInvalid]],
    // A malformed zip answers the format first, recorded invalid or not.
    [['7520'], '7520', [CUSTOMER_MESSAGES.zipInvalid]],
  ] as const)('with %j recorded invalid, %j answers %j', (invalidZips, zip, expected) => {
    expect(messageOf(invalidZips, zip)).toEqual(expected);
  });
});
