import { PAYMENT_MESSAGES } from '@lawn/shared';

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
 * Encrypts a card or account number in the browser with the payment gateway's public key (RSA-OAEP, SHA-256), so the
 * number leaves the page only as ciphertext that the gateway alone can read. WebCrypto exists only on a secure page
 * (https, or localhost); elsewhere nothing is sent.
 */
export async function encryptNumber(publicKeyPem: string, number: string): Promise<string> {
  const subtle = globalThis.crypto?.subtle;
  if (!subtle) throw new Error(PAYMENT_MESSAGES.insecurePage);
  const key = await subtle.importKey('spki', pemToDer(publicKeyPem), { name: 'RSA-OAEP', hash: 'SHA-256' }, false, [
    'encrypt',
  ]);
  const ciphertext = await subtle.encrypt({ name: 'RSA-OAEP' }, key, new TextEncoder().encode(number));
  return toBase64(ciphertext);
}
