import { PAYMENT_MESSAGES, type PaymentKey } from '@lawn/shared';

/** The DER bytes of a PEM key ("-----BEGIN PUBLIC KEY-----" ... base64 ... "-----END PUBLIC KEY-----"). */
function pemToDer(pem: string): Uint8Array<ArrayBuffer> {
  const base64 = pem.replace(/-----(?:BEGIN|END) [A-Z ]+-----/g, '').replace(/\s+/g, '');
  const binary = atob(base64);
  const bytes = new Uint8Array(binary.length);
  for (let index = 0; index < binary.length; index += 1) bytes[index] = binary.charCodeAt(index);
  return bytes;
}

function toBase64(buffer: ArrayBuffer): string {
  let binary = '';
  for (const byte of new Uint8Array(buffer)) binary += String.fromCharCode(byte);
  return btoa(binary);
}

/**
 * RSAES-PKCS1-v1_5, which WebCrypto does not offer: with node-forge (the library PayTrace's own browser script is
 * built on), loaded only when a gateway asks for it.
 */
async function encryptPkcs1(publicKeyPem: string, number: string): Promise<string> {
  const { default: forge } = await import('node-forge');
  const key = forge.pki.publicKeyFromPem(publicKeyPem);
  return forge.util.encode64(key.encrypt(forge.util.encodeUtf8(number), 'RSAES-PKCS1-V1_5'));
}

/**
 * Encrypts a card or account number in the browser with the payment gateway's public key, by the gateway's algorithm
 * (RSA-OAEP with SHA-256, or RSAES-PKCS1-v1_5), so the number leaves the page only as ciphertext that the gateway
 * alone can read. Only on a secure page (https, or localhost: where WebCrypto exists); elsewhere nothing is sent.
 */
export async function encryptNumber({ publicKey, algorithm }: PaymentKey, number: string): Promise<string> {
  const subtle = globalThis.crypto?.subtle;
  if (!subtle) throw new Error(PAYMENT_MESSAGES.insecurePage);
  if (algorithm === 'RSA-PKCS1-v1_5') return encryptPkcs1(publicKey, number);
  const key = await subtle.importKey('spki', pemToDer(publicKey), { name: 'RSA-OAEP', hash: 'SHA-256' }, false, [
    'encrypt',
  ]);
  const ciphertext = await subtle.encrypt({ name: 'RSA-OAEP' }, key, new TextEncoder().encode(number));
  return toBase64(ciphertext);
}
