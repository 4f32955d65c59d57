import { constants, generateKeyPairSync, privateDecrypt } from 'node:crypto';

/** A gateway key pair for component tests: the page encrypts with its public half, the test reads what was sent. */
export function createTestPaymentKey() {
  const { publicKey, privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  return {
    publicKeyPem: publicKey.export({ type: 'spki', format: 'pem' }).toString(),
    /** What the gateway would read of a ciphertext the page sent. */
    decrypt: (ciphertext: string) =>
      privateDecrypt(
        { key: privateKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
        Buffer.from(ciphertext, 'base64'),
      ).toString('utf8'),
  };
}
