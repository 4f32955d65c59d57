import type { Config } from '../config';
import type { Database } from '../db/client';
import type { FileStorage } from './file-storage';
import { createPostgresFileStorage } from './postgres-storage';
import { createS3Client, createS3FileStorage } from './s3-storage';

/** The settings that choose and reach the store. */
export type StorageConfig = Pick<
  Config,
  's3Bucket' | 's3Endpoint' | 's3Region' | 's3AccessKeyId' | 's3SecretAccessKey' | 's3ForcePathStyle' | 'storage'
>;

/** One S3 client per configuration, so its connection pool is shared by every request and job of the process. */
const s3Stores = new WeakMap<StorageConfig, FileStorage>();

/** The configured store: PostgreSQL (the default) on the application database, or S3-compatible object storage. */
export function createFileStorage({ config, db }: { config: StorageConfig; db: Database }): FileStorage {
  if (config.storage === 'postgres') return createPostgresFileStorage(db);
  let store = s3Stores.get(config);
  if (!store) {
    if (!config.s3Bucket) throw new Error('S3_BUCKET is required when STORAGE=s3');
    const client = createS3Client({
      bucket: config.s3Bucket,
      endpoint: config.s3Endpoint,
      region: config.s3Region,
      accessKeyId: config.s3AccessKeyId,
      secretAccessKey: config.s3SecretAccessKey,
      forcePathStyle: config.s3ForcePathStyle,
    });
    store = createS3FileStorage(client, config.s3Bucket);
    s3Stores.set(config, store);
  }
  return store;
}
