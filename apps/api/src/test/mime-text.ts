/**
 * The readable text of a MIME message (an outbox .eml): headers with their encoded words decoded, and every part's
 * body decoded from quoted-printable or base64, multiparts followed down. Mail encodings split and escape text (a
 * reset link in quoted-printable is cut by soft line breaks and its `=` becomes `=3D`), so a search for a secret must
 * look at the decoded text. Compressed attachments (xlsx) stay opaque.
 */
export function decodeMimeMessage(raw: string): string {
  const { head, headers, body } = splitHeaders(raw.replace(/\r\n/g, '\n'));
  const contentType = headers.get('content-type') ?? 'text/plain';
  const boundary = /boundary="?([^";]+)"?/i.exec(contentType)?.[1];
  if (/^multipart\//i.test(contentType) && boundary) {
    const parts = body
      .split(`--${boundary}`)
      .slice(1)
      .filter((part) => !part.startsWith('--'))
      .map((part) => decodeMimeMessage(part.replace(/^\n/, '')));
    return [decodeEncodedWords(head), ...parts].join('\n\n');
  }
  const encoding = (headers.get('content-transfer-encoding') ?? '7bit').toLowerCase();
  const charset = /^text\//i.test(contentType) ? 'utf8' : 'latin1';
  const decoded =
    encoding === 'base64'
      ? Buffer.from(body.replace(/\s+/g, ''), 'base64').toString(charset)
      : encoding === 'quoted-printable'
        ? decodeQuotedPrintable(body).toString(charset)
        : body;
  return `${decodeEncodedWords(head)}\n\n${decoded}`;
}

function splitHeaders(message: string): { head: string; headers: Map<string, string>; body: string } {
  const end = message.indexOf('\n\n');
  const head = end === -1 ? message : message.slice(0, end);
  const body = end === -1 ? '' : message.slice(end + 2);
  const headers = new Map<string, string>();
  // A header continues on the lines that start with white space.
  for (const line of head.replace(/\n[ \t]+/g, ' ').split('\n')) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return { head, headers, body };
}

function decodeQuotedPrintable(text: string): Buffer {
  const joined = text.replace(/=\n/g, '');
  const chunks: Buffer[] = [];
  let last = 0;
  for (const match of joined.matchAll(/=([0-9A-Fa-f]{2})/g)) {
    chunks.push(
      Buffer.from(joined.slice(last, match.index), 'utf8'),
      Buffer.from([Number.parseInt(match[1] ?? '', 16)]),
    );
    last = match.index + match[0].length;
  }
  chunks.push(Buffer.from(joined.slice(last), 'utf8'));
  return Buffer.concat(chunks);
}

/** `=?UTF-8?Q?...?=` and `=?UTF-8?B?...?=` words of a header, as text. */
function decodeEncodedWords(head: string): string {
  return head.replace(/=\?[^?]+\?([QqBb])\?([^?]*)\?=/g, (_word, encoding: string, text: string) =>
    encoding.toUpperCase() === 'B'
      ? Buffer.from(text, 'base64').toString('utf8')
      : decodeQuotedPrintable(text.replace(/_/g, ' ')).toString('utf8'),
  );
}
