import { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { checkStorageKey, putFromSource, storeCall, type FileStorage } from './file-storage';

export type S3StorageOptions = {
  bucket: string;
  /** Unset for AWS S3 itself; the server's address for MinIO, Garage and other S3-compatible stores. */
  endpoint?: string | undefined;
  region: string;
  /** Both or neither; neither lets the SDK find credentials itself (instance role, AWS_* variables, profile). */
  accessKeyId?: string | undefined;
  secretAccessKey?: string | undefined;
  /** `endpoint/bucket/key` addresses instead of `bucket.endpoint/key`: what most self-hosted stores need. */
  forcePathStyle: boolean;
};

/**
 * Upload parts: S3's smallest (5 MiB), two in flight. A file up to one part goes up in one request; a larger one as a
 * multipart upload that becomes visible only when complete, and is aborted when the source fails.
 */
const PART_SIZE = 5 * 1024 * 1024;
const PARTS_IN_FLIGHT = 2;

/** Whether S3 answered that the object does not exist (404 from HEAD, NoSuchKey from GET). */
function isMissing(error: unknown): boolean {
  return error instanceof S3ServiceException && (error.$metadata.httpStatusCode === 404 || error.name === 'NoSuchKey');
}

export function createS3Client(options: S3StorageOptions): S3Client {
  return new S3Client({
    region: options.region,
    forcePathStyle: options.forcePathStyle,
    ...(options.endpoint ? { endpoint: options.endpoint } : {}),
    ...(options.accessKeyId && options.secretAccessKey
      ? { credentials: { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey } }
      : {}),
    // Checksums only where S3 requires them: self-hosted stores (MinIO, Garage) and older ones refuse the SDK's
    // default streamed-checksum uploads, and TLS already protects the bytes in transit.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
}

/** Files as objects of one bucket of S3-compatible object storage, named by their storage keys (ADR 0009). */
export function createS3FileStorage(client: S3Client, bucket: string): FileStorage {
  return {
    put: async (key, source) =>
      putFromSource(checkStorageKey(key), source, async (buffers) => {
        let size = 0;
        async function* counted(): AsyncGenerator<Buffer> {
          for await (const buffer of buffers) {
            size += buffer.length;
            yield buffer;
          }
        }
        const upload = new Upload({
          client,
          params: { Bucket: bucket, Key: key, Body: Readable.from(counted(), { objectMode: false }) },
          partSize: PART_SIZE,
          queueSize: PARTS_IN_FLIGHT,
        });
        await upload.done();
        return { size };
      }),

    stat: async (key) =>
      storeCall('stat', checkStorageKey(key), async () => {
        try {
          const head = await client.send(new HeadObjectCommand({ Bucket: bucket, Key: key }));
          return { size: head.ContentLength ?? 0 };
        } catch (error) {
          if (isMissing(error)) return null;
          throw error;
        }
      }),

    read: async (key) =>
      storeCall('read', checkStorageKey(key), async () => {
        try {
          const object = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
          if (!(object.Body instanceof Readable)) throw new Error('S3 answered a body that is not a Node.js stream');
          return { size: object.ContentLength ?? 0, stream: object.Body };
        } catch (error) {
          if (isMissing(error)) return null;
          throw error;
        }
      }),

    delete: async (key) => {
      // S3 answers 204 for a key that is not there, so a missing file is not an error here either.
      await storeCall('delete', checkStorageKey(key), () =>
        client.send(new DeleteObjectCommand({ Bucket: bucket, Key: key })),
      );
    },
  };
}
