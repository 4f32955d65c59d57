import { beforeAll, describe, expect, it } from 'vitest';
import { encryptNumber, GOOD_BANK, GOOD_CARDS } from '../../test/payment-fixtures';
import { insertMarket, insertRecord } from '../../test/record-fixtures';
import { cardNumberDetector, routingNumberDetector } from '../../test/secret-scan';
import { useTestContext, type TestUser } from '../../test/test-app';

/**
 * A card number must not reach a log or an error answer, whatever a client sends: the browser sends only ciphertext,
 * but a broken client could send a number in clear, in the wrong field, or in a body that is not even JSON. Every such
 * request is refused, and neither the answers nor the log (at every level) repeat the number.
 */
const t = useTestContext({ captureLogs: true });

let admin: TestUser;
let propertyId: number;
let publicKey: string;

beforeAll(async () => {
  admin = await t.createUser({ role: 'Admin' });
  propertyId = (await insertRecord(t.db, { marketId: await insertMarket(t.db, 'Logs market') })).id;
  publicKey = (await t.app.inject({ url: '/api/payments/public-key' })).json<{ data: { publicKey: string } }>().data
    .publicKey;
});

const NUMBER = GOOD_CARDS.visa;

describe('payment requests in the log', () => {
  it('never show a card or account number, in the log or in any answer', async () => {
    const url = `/api/customers/${propertyId}/update-credit-card`;
    const headers = { ...(await t.authHeaders(admin)), 'content-type': 'application/json' };
    const card = {
      paymentOption: 0,
      nameOnCard: 'Pat Doe',
      cardType: 4,
      creditCardExpirationMonth: 5,
      creditCardExpirationYear: 2030,
    };
    const bodies = [
      // Malformed JSON around a number.
      `{"paymentOption":0,"creditCardNumber":"${NUMBER}"`,
      // The number in clear where ciphertext belongs, and in a field that does not exist.
      JSON.stringify({ ...card, creditCardNumber: NUMBER }),
      JSON.stringify({ ...card, creditCardNumber: encryptNumber(publicKey, NUMBER), cardNumber: NUMBER }),
      // The number typed into the name, and as a number instead of text.
      JSON.stringify({ ...card, nameOnCard: NUMBER, creditCardNumber: encryptNumber(publicKey, NUMBER) }),
      JSON.stringify({ ...card, creditCardNumber: Number(NUMBER) }),
      // A number the gateway finds fault with, and one it accepts.
      JSON.stringify({ ...card, creditCardNumber: encryptNumber(publicKey, '4242424242424241') }),
      JSON.stringify({ ...card, creditCardNumber: encryptNumber(publicKey, NUMBER) }),
      JSON.stringify({
        paymentOption: 1,
        checkNameOnAccount: 'Pat Doe',
        checkRoutingNumber: GOOD_BANK.routing,
        checkAccountNumber: encryptNumber(publicKey, GOOD_BANK.account),
      }),
    ];
    const answers: string[] = [];
    for (const payload of bodies) {
      const response = await t.app.inject({ method: 'PATCH', url, headers, payload });
      expect(response.statusCode).toBeLessThan(500);
      answers.push(response.body);
    }
    expect(answers.filter((answer) => answer.includes('successfully'))).toHaveLength(2);

    const text = [...t.logs, ...answers].join('\n');
    expect(cardNumberDetector.find(text)).toEqual([]);
    for (const secret of [NUMBER, '4242424242424241', GOOD_BANK.account]) expect(text).not.toContain(secret);
    // The routing number is no secret, but nothing needs it in a log either.
    expect(routingNumberDetector.find(t.logs.join('\n'))).toEqual([]);
  });
});
