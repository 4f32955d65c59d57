import { Readable } from 'node:stream';

/** What a store accepts as a file's contents: a byte stream, or any async sequence of byte or text pieces. */
export type FileSource = Readable | AsyncIterable<Uint8Array | string>;

/** A stored file opened for reading: its size and a stream of its bytes. */
export type StoredFile = { size: number; stream: Readable };

/**
 * Where every stored file lives (report exports, e-mailed schedules; later attachments and photos). Keys are
 * relative, slash-separated names (`reports/12/34-march.xlsx`). Two back ends implement it: PostgreSQL (the default,
 * `postgres-storage.ts`) and S3-compatible object storage (`s3-storage.ts`); see ADR 0009. Nothing here hands out a
 * local path: readers get a stream, so every API process serves every file whichever process wrote it.
 *
 * A back end that cannot be reached (or refuses a request) throws StorageUnavailableError; a missing file is not an
 * error (`stat` and `read` answer null, `delete` does nothing).
 */
export type FileStorage = {
  /**
   * Stores the contents under `key`, replacing any file there. Readers see the old file or the whole new one, never a
   * part; when the source fails, nothing is stored and the source's own error is thrown.
   */
  put: (key: string, source: FileSource) => Promise<{ size: number }>;
  /** Size of the stored file, or null when there is none. */
  stat: (key: string) => Promise<{ size: number } | null>;
  /** Opens the file for reading, or null when there is none. The stream is read chunk by chunk, never as a whole. */
  read: (key: string) => Promise<StoredFile | null>;
  /** Removes the file; a missing file is not an error. */
  delete: (key: string) => Promise<void>;
};

const KEY_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._-]*(?:\/[A-Za-z0-9][A-Za-z0-9._-]*)*$/;

/** Whether a key is relative, free of `..` and made of safe characters only (so it is safe as a path or object key). */
export function isValidStorageKey(key: string): boolean {
  return KEY_PATTERN.test(key) && !key.split('/').some((part) => part === '..' || part === '.');
}

export class InvalidStorageKeyError extends Error {
  constructor(key: string) {
    super(`invalid storage key: ${JSON.stringify(key)}`);
    this.name = 'InvalidStorageKeyError';
  }
}

/** Throws InvalidStorageKeyError for a key that is not a safe relative name. */
export function checkStorageKey(key: string): string {
  if (!isValidStorageKey(key)) throw new InvalidStorageKeyError(key);
  return key;
}

/**
 * The store could not be reached or refused the request (database or object storage down, wrong bucket or
 * credentials). Retrying later may help; the cause holds the back end's own error for the log.
 */
export class StorageUnavailableError extends Error {
  constructor(operation: string, key: string, cause: unknown) {
    super(`file store: ${operation} ${key} failed`, { cause });
    this.name = 'StorageUnavailableError';
  }
}

/** What a person is told when a request needs the store and it cannot be reached (the API answers 503). */
export const FILE_STORE_UNAVAILABLE_MESSAGE = 'The file store cannot be reached right now. Please try again later.';

export function isStorageUnavailable(error: unknown): error is StorageUnavailableError {
  return error instanceof StorageUnavailableError;
}

/** Marks the failures of a source, so `put` can rethrow them as they are rather than as the store's. */
class SourceError extends Error {
  constructor(readonly original: unknown) {
    super('source failed');
  }
}

/** The source's pieces as Buffers; a failing source throws a SourceError around its own error. */
async function* sourceBuffers(source: FileSource): AsyncGenerator<Buffer> {
  const iterator = source[Symbol.asyncIterator]();
  let isDone = false;
  try {
    for (;;) {
      let next: IteratorResult<Uint8Array | string>;
      try {
        next = await iterator.next();
      } catch (error) {
        isDone = true;
        throw new SourceError(error);
      }
      if (next.done) {
        isDone = true;
        return;
      }
      const piece = next.value;
      yield typeof piece === 'string'
        ? Buffer.from(piece)
        : Buffer.from(piece.buffer, piece.byteOffset, piece.byteLength);
    }
  } finally {
    // A store that gives up half-way must not leave the source (an open file) waiting to be read.
    if (!isDone) await iterator.return?.();
  }
}

/**
 * Runs a back end's `put` over the source as Buffers. A failure of the source is rethrown as it is (the writer's own
 * error, e.g. a full temporary disk); any other failure is the store's, as StorageUnavailableError.
 */
export async function putFromSource<T>(
  key: string,
  source: FileSource,
  put: (buffers: AsyncIterable<Buffer>) => Promise<T>,
): Promise<T> {
  try {
    return await put(sourceBuffers(source));
  } catch (error) {
    // Also when the store failed before it read anything: the source's file or socket is closed now, not when collected.
    if (source instanceof Readable) source.destroy();
    if (error instanceof SourceError) throw error.original;
    // The S3 upload wraps errors of its body stream; find the source's failure among the causes.
    for (let cause: unknown = error; cause instanceof Error; cause = cause.cause) {
      if (cause instanceof SourceError) throw cause.original;
    }
    throw new StorageUnavailableError('put', key, error);
  }
}

/** Runs a back end's call; any failure is the store's, as StorageUnavailableError. */
export async function storeCall<T>(operation: string, key: string, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    throw new StorageUnavailableError(operation, key, error);
  }
}
