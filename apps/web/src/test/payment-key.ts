import { constants, generateKeyPairSync, privateDecrypt } from 'node:crypto';
import forge from 'node-forge';

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
    /** The same, for a gateway that decrypts RSAES-PKCS1-v1_5 (which Node's own crypto no longer decrypts). */
    decryptPkcs1: (ciphertext: string) =>
      forge.util.decodeUtf8(
        forge.pki
          .privateKeyFromPem(privateKey.export({ type: 'pkcs1', format: 'pem' }).toString())
          .decrypt(forge.util.decode64(ciphertext), 'RSAES-PKCS1-V1_5'),
      ),
  };
}
