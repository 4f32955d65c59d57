import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { SERVER_DATA_DIR } from './server-data';

/** Where the app under test writes its e-mail when no SMTP server is configured. */
const outbox = path.join(SERVER_DATA_DIR, 'outbox');

/**
 * The messages to `to` that the app wrote to its outbox, oldest first (the outbox names its files by the time they were
 * written), decoded enough to read their links. None before the first message makes the outbox.
 */
export function mailsTo(to: string): string[] {
  if (!existsSync(outbox)) return [];
  return (
    readdirSync(outbox, { withFileTypes: true })
      .filter((entry) => entry.isFile() && entry.name.endsWith('.eml'))
      .sort((a, b) => a.name.localeCompare(b.name))
      .map((entry) => readFileSync(path.join(outbox, entry.name), 'utf8'))
      // Quoted-printable soft line breaks ("=\r\n") can split a long link.
      .map((message) => message.replace(/=\r?\n/g, '').replace(/=3D/g, '='))
      .filter((message) => message.includes(to))
  );
}
