import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';

/** The fixed credentials s3rver accepts (it checks signatures against them). */
const S3RVER_CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

export type S3TestServer = {
  /** `http://127.0.0.1:<port>` */
  endpoint: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** The environment variables that point an API process at this server. */
  env: Record<string, string>;
  close: () => Promise<void>;
};

/**
 * A local S3-compatible server (s3rver, pure JavaScript) on a free port of 127.0.0.1 with one empty bucket, its
 * objects in a temporary folder: the S3 back end is tested over real HTTP with the real AWS SDK, nothing from the
 * internet.
 */
export async function startS3TestServer(bucket = 'lawn-files'): Promise<S3TestServer> {
  const directory = await mkdtemp(path.join(tmpdir(), 'lawn-s3-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket, configs: [] }],
  });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    endpoint,
    bucket,
    ...S3RVER_CREDENTIALS,
    env: {
      STORAGE: 's3',
      S3_ENDPOINT: endpoint,
      S3_BUCKET: bucket,
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: S3RVER_CREDENTIALS.accessKeyId,
      S3_SECRET_ACCESS_KEY: S3RVER_CREDENTIALS.secretAccessKey,
      S3_FORCE_PATH_STYLE: 'true',
    },
    async close() {
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
