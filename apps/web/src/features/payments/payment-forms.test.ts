import { describe, expect, it, vi } from 'vitest';
import { createTestPaymentKey } from '../../test/payment-key';
import { newIdempotencyKey } from '../../lib/idempotency-key';
import { encryptNumber } from './encrypt-number';
import { cardNumberMask, toCardChange, toECheckChange } from './payment-forms';

describe('cardNumberMask', () => {
  it.each([
    ['4242424242424242', '#### #### #### ####'],
    ['378282246310005', '#### ###### #####'],
    ['3', '#### ###### #####'],
    ['2223003122003222', '#### #### #### ####'],
    ['', '#### #### #### ####'],
  ] as const)('%s is typed through %s', (digits, mask) => {
    expect(cardNumberMask(digits)).toBe(mask);
  });
});

describe('the change request', () => {
  const encrypt = vi.fn(async (number: string) => `sealed(${number})`);

  it('sends the card number encrypted, as digits, and nothing else of it', async () => {
    const change = await toCardChange(
      {
        nameOnCard: ' Pat Doe ',
        creditCardNumber: '4242 4242 4242 4242',
        cardType: 4,
        creditCardExpirationMonth: 5,
        creditCardExpirationYear: 2030,
      },
      encrypt,
    );
    expect(change).toEqual({
      paymentOption: 0,
      nameOnCard: 'Pat Doe',
      creditCardNumber: 'sealed(4242424242424242)',
      cardType: 4,
      creditCardExpirationMonth: 5,
      creditCardExpirationYear: 2030,
    });
  });

  it('sends the account number encrypted and never its confirmation', async () => {
    const change = await toECheckChange(
      {
        checkNameOnAccount: 'Pat Doe',
        checkRoutingNumber: '110000000',
        checkAccountNumber: '0001 2345 6789',
        checkAccountNumberVerify: '000123456789',
      },
      encrypt,
    );
    expect(change).toEqual({
      paymentOption: 1,
      checkNameOnAccount: 'Pat Doe',
      checkRoutingNumber: '110000000',
      checkAccountNumber: 'sealed(000123456789)',
    });
  });

  it('adds the identity check, trimmed, when the page asks for one', async () => {
    const change = await toECheckChange(
      {
        checkNameOnAccount: 'Pat Doe',
        checkRoutingNumber: '110000000',
        checkAccountNumber: '000123456789',
        checkAccountNumberVerify: '000123456789',
      },
      encrypt,
      { identity: { serviceZipCode: ' 75201 ', phoneLastFour: '0142' }, authorizationAccepted: true },
    );
    expect(change).toMatchObject({ serviceZipCode: '75201', phoneLastFour: '0142', authorizationAccepted: true });
  });
});

describe('encryptNumber', () => {
  it('encrypts with RSA-OAEP and SHA-256, so the private key alone reads it', async () => {
    const key = createTestPaymentKey();
    const sealed = await encryptNumber({ publicKey: key.publicKeyPem, algorithm: 'RSA-OAEP-256' }, '4242424242424242');
    expect(sealed).not.toContain('4242');
    expect(key.decrypt(sealed)).toBe('4242424242424242');
  });

  it('encrypts with RSAES-PKCS1-v1_5 for a gateway that asks for it (PayTrace)', async () => {
    const key = createTestPaymentKey();
    const publicKey = key.publicKeyPem;
    const sealed = await encryptNumber({ publicKey, algorithm: 'RSA-PKCS1-v1_5' }, '4242424242424242');
    expect(Buffer.from(sealed, 'base64')).toHaveLength(256);
    expect(key.decryptPkcs1(sealed)).toBe('4242424242424242');
    // Random padding: the same number never gives the same ciphertext twice.
    expect(await encryptNumber({ publicKey, algorithm: 'RSA-PKCS1-v1_5' }, '4242424242424242')).not.toBe(sealed);
  });

  it('sends nothing from a page without WebCrypto (not https)', async () => {
    vi.stubGlobal('crypto', { getRandomValues: globalThis.crypto.getRandomValues.bind(globalThis.crypto) });
    const key = { publicKey: '-----BEGIN PUBLIC KEY-----', algorithm: 'RSA-OAEP-256' } as const;
    await expect(encryptNumber(key, '4242')).rejects.toThrow(/secure page/);
    // The Idempotency-Key needs no secure page: it comes from getRandomValues.
    expect(newIdempotencyKey()).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });
});
