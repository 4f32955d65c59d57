import { constants, generateKeyPairSync, privateDecrypt } from 'node:crypto';
import { publicSignUpRequestSchema, staffNewCustomerSchema } from '@lawn/shared';
import { describe, expect, it } from 'vitest';
import { encryptNumber, paymentFor, signUpFor, staffOrderFor, startDates, weekDayOf } from './orders.mjs';

const { publicKey, privateKey } = generateKeyPairSync('rsa', {
  modulusLength: 2048,
  publicKeyEncoding: { type: 'spki', format: 'pem' },
  privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
});
const context = {
  zone: { zipcode: '73301', city: 'Austin', state: 'TX', marketId: 3 },
  tierId: 1,
  publicKey,
  csrUserId: 4,
};

describe('startDates', () => {
  it('offers weekdays from a week ahead', () => {
    // Sunday 22 November 2026: the next Sunday is skipped, Monday 30 November comes first.
    expect(startDates(new Date('2026-11-22T12:00:00Z'), 3)).toEqual(['2026-11-30', '2026-12-01', '2026-12-02']);
    expect(startDates(new Date('2026-11-26T12:00:00Z'), 2)).toEqual(['2026-12-03', '2026-12-04']);
  });

  it('names the weekday as the order forms do (Monday 1)', () => {
    expect(weekDayOf('2026-11-30')).toBe(1);
    expect(weekDayOf('2026-12-05')).toBe(6);
  });
});

describe('orders', () => {
  it('encrypts numbers the way the payment pages do, so the app can read them', () => {
    const decrypted = privateDecrypt(
      { key: privateKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
      Buffer.from(encryptNumber(publicKey, '4242424242424242'), 'base64'),
    );
    expect(decrypted.toString('utf8')).toBe('4242424242424242');
    expect(paymentFor(publicKey, { eCheck: true })).toMatchObject({
      paymentOption: 1,
      checkRoutingNumber: '110000000',
    });
  });

  it('makes an office order that passes the wizard schema', () => {
    const order = staffOrderFor(context, { serviceDate: '2026-11-30' });
    const parsed = staffNewCustomerSchema.safeParse(order);
    expect(parsed.error?.issues ?? []).toEqual([]);
    expect(order).toMatchObject({ zipcode: '73301', marketId: 3, weekDay: 1, csrUserId: 4 });
  });

  it('makes a public sign-up that passes its schema', () => {
    const body = signUpFor(context, { serviceDate: '2026-11-30' });
    const parsed = publicSignUpRequestSchema.safeParse(body);
    expect(parsed.error?.issues ?? []).toEqual([]);
    expect(body.order.email).toMatch(/@example\.com$/);
  });
});
