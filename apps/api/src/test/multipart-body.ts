import { randomBytes } from 'node:crypto';

export type MultipartFile = { name: string; content: Buffer; contentType?: string; field?: string };

/**
 * A multipart/form-data request body of files, as a browser sends a file input, and of text fields (sent first), for
 * `app.inject`.
 */
export function multipartBody(
  files: readonly MultipartFile[],
  fields: Readonly<Record<string, string>> = {},
): {
  payload: Buffer;
  headers: { 'content-type': string };
} {
  const boundary = `----lawn${randomBytes(8).toString('hex')}`;
  const fieldParts = Object.entries(fields).map(([name, value]) =>
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
  );
  const parts = files.flatMap((file) => [
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${file.field ?? 'files'}"; filename="${file.name}"\r\n` +
        `Content-Type: ${file.contentType ?? 'application/octet-stream'}\r\n\r\n`,
    ),
    file.content,
    Buffer.from('\r\n'),
  ]);
  return {
    payload: Buffer.concat([...fieldParts, ...parts, Buffer.from(`--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}
