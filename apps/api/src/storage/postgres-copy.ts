/**
 * PostgreSQL's binary COPY format for the chunk rows of the file store: the stream that writes every chunk of a file
 * in one `COPY ... FROM STDIN`, and the one value read back by a `COPY ... TO STDOUT`. The format: the signature,
 * 32-bit flags, a 32-bit header extension length and the extension, then per row a 16-bit field count (-1 ends the
 * data) and per field a 32-bit length and its bytes (integers big-endian).
 */

/** `PGCOPY\n\377\r\n\0`: how every binary COPY stream starts. */
const COPY_SIGNATURE = Buffer.from('PGCOPY\n\xff\r\n\0', 'latin1');

/** The signature, no flags and no header extension. */
const COPY_HEADER = Buffer.concat([COPY_SIGNATURE, Buffer.alloc(8)]);

/** A field count of -1: the end of the data. */
const COPY_TRAILER = Buffer.from([0xff, 0xff]);

/** One chunk of a file: its pieces, as the source handed them out, without copying them into one buffer. */
export type Chunk = { pieces: Buffer[]; length: number };

/**
 * Cuts a stream of pieces into chunks of exactly `size` bytes (the last one shorter, none for an empty stream),
 * holding one chunk at most. A piece that crosses a chunk's end is split by reference, never copied.
 */
export async function* chunksOf(buffers: AsyncIterable<Buffer>, size: number): AsyncGenerator<Chunk> {
  let pieces: Buffer[] = [];
  let length = 0;
  for await (let buffer of buffers) {
    while (length + buffer.length >= size) {
      const take = size - length;
      pieces.push(buffer.subarray(0, take));
      yield { pieces, length: size };
      pieces = [];
      length = 0;
      buffer = buffer.subarray(take);
    }
    if (buffer.length > 0) {
      pieces.push(buffer);
      length += buffer.length;
    }
  }
  if (length > 0) yield { pieces, length };
}

/** The start of one `(file_id bigint, seq integer, data bytea)` row, up to the data's bytes. */
function chunkRowHeader(fileId: number, seq: number, length: number): Buffer {
  const header = Buffer.alloc(2 + (4 + 8) + (4 + 4) + 4);
  let offset = header.writeInt16BE(3, 0);
  offset = header.writeInt32BE(8, offset);
  offset = header.writeBigInt64BE(BigInt(fileId), offset);
  offset = header.writeInt32BE(4, offset);
  offset = header.writeInt32BE(seq, offset);
  header.writeInt32BE(length, offset);
  return header;
}

/**
 * The binary COPY stream of a file's chunk rows `(file_id, seq, data)`, seq counted from 0, for
 * `COPY stored_file_chunks (file_id, seq, data) FROM STDIN (FORMAT binary)`. `onChunk` hears of each chunk as it
 * goes, so the writer knows the size and count once the stream has ended.
 */
export async function* chunkRowsCopy(
  fileId: number,
  chunks: AsyncIterable<Chunk>,
  onChunk: (chunk: Chunk) => void,
): AsyncGenerator<Buffer> {
  yield COPY_HEADER;
  let seq = 0;
  for await (const chunk of chunks) {
    yield chunkRowHeader(fileId, seq, chunk.length);
    yield* chunk.pieces;
    onChunk(chunk);
    seq += 1;
  }
  yield COPY_TRAILER;
}

/** Reads a COPY output that arrived in pieces cut anywhere: fixed-size fields, and values as slices of the pieces. */
class PieceCursor {
  private index = 0;
  private offset = 0;

  constructor(private readonly pieces: readonly Buffer[]) {}

  /** The next `length` bytes: a slice of one piece, or a small copy when they straddle two. */
  fixed(length: number): Buffer {
    const piece = this.pieces[this.index];
    if (piece && piece.length - this.offset >= length) {
      const bytes = piece.subarray(this.offset, this.offset + length);
      this.advance(length);
      return bytes;
    }
    return Buffer.concat(this.slices(length), length);
  }

  /** The next `length` bytes as slices of the pieces, without copying them. */
  slices(length: number): Buffer[] {
    const slices: Buffer[] = [];
    for (let left = length; left > 0;) {
      const piece = this.pieces[this.index];
      if (!piece) throw new Error('the COPY output ended early');
      const take = Math.min(left, piece.length - this.offset);
      if (take > 0) slices.push(piece.subarray(this.offset, this.offset + take));
      this.advance(take);
      left -= take;
    }
    return slices;
  }

  private advance(length: number): void {
    this.offset += length;
    for (let piece = this.pieces[this.index]; piece && this.offset >= piece.length; piece = this.pieces[this.index]) {
      this.offset -= piece.length;
      this.index += 1;
    }
  }
}

/**
 * The one bytea value of a binary COPY of one row and one column, from the COPY's output as it arrived: as slices of
 * the pieces (never copied into a buffer of its own), or null when no row matched.
 */
export function singleValueOfCopy(pieces: readonly Buffer[]): Buffer[] | null {
  const cursor = new PieceCursor(pieces);
  const headerLength = COPY_SIGNATURE.length + 8;
  const length = pieces.reduce((total, piece) => total + piece.length, 0);
  const header = length < headerLength ? undefined : cursor.fixed(headerLength);
  if (!header?.subarray(0, COPY_SIGNATURE.length).equals(COPY_SIGNATURE)) throw new Error('not a binary COPY output');
  cursor.slices(header.readUInt32BE(COPY_SIGNATURE.length + 4));
  const fields = cursor.fixed(2).readInt16BE(0);
  if (fields === -1) return null;
  if (fields !== 1) throw new Error(`expected one column in the COPY output, got ${fields}`);
  const valueLength = cursor.fixed(4).readInt32BE(0);
  if (valueLength < 0) throw new Error('unexpected null in the COPY output');
  return cursor.slices(valueLength);
}
