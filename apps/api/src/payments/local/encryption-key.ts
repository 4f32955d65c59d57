import {
  constants,
  createPrivateKey,
  createPublicKey,
  generateKeyPair,
  privateDecrypt,
  type KeyObject,
} from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';

const generateRsaKeyPair = promisify(generateKeyPair);

/** 2048 bits: the size RSA-OAEP needs to be safe (NIST SP 800-57 through 2030), and quick to make on first use. */
const MODULUS_BITS = 2048;

export type KeyPair = { privateKey: KeyObject; publicKeyPem: string };

const isCode = (error: unknown, code: string) => (error as NodeJS.ErrnoException | undefined)?.code === code;

async function readKey(file: string): Promise<string | null> {
  try {
    return await readFile(file, 'utf8');
  } catch (error) {
    if (isCode(error, 'ENOENT')) return null;
    throw error;
  }
}

/**
 * The local gateway's key pair, from its PEM file; made and kept there (owner-only) the first time. Two processes
 * starting together on one data folder both end up with the one key that was written first.
 */
export async function loadOrCreateKeyPair(file: string): Promise<KeyPair> {
  let pem = await readKey(file);
  if (pem === null) {
    const { privateKey } = await generateRsaKeyPair('rsa', { modulusLength: MODULUS_BITS });
    const created = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
    await mkdir(path.dirname(file), { recursive: true });
    try {
      await writeFile(file, created, { mode: 0o600, flag: 'wx' });
      pem = created;
    } catch (error) {
      if (!isCode(error, 'EEXIST')) throw error;
      pem = (await readKey(file)) ?? created;
    }
  }
  const privateKey = createPrivateKey(pem);
  if (privateKey.asymmetricKeyType !== 'rsa' || (privateKey.asymmetricKeyDetails?.modulusLength ?? 0) < 2048) {
    throw new Error(`${file} must hold an RSA private key of at least 2048 bits`);
  }
  const publicKeyPem = createPublicKey(privateKey).export({ type: 'spki', format: 'pem' }).toString();
  return { privateKey, publicKeyPem };
}

/**
 * A number the browser encrypted with the public key (WebCrypto RSA-OAEP, SHA-256), or null when the ciphertext is
 * not one: a tampered request, or a page that still holds an older key.
 */
export function decryptNumber(keyPair: KeyPair, ciphertext: string): string | null {
  try {
    const plain = privateDecrypt(
      { key: keyPair.privateKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
      Buffer.from(ciphertext, 'base64'),
    );
    return plain.toString('utf8');
  } catch {
    return null;
  }
}
