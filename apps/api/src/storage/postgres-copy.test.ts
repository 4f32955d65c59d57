import { describe, expect, it } from 'vitest';
import { chunkRowsCopy, chunksOf, singleValueOfCopy, type Chunk } from './postgres-copy';

async function* piecesFrom(...pieces: string[]): AsyncGenerator<Buffer> {
  for (const piece of pieces) yield Buffer.from(piece);
}

async function collect<T>(items: AsyncIterable<T>): Promise<T[]> {
  const all: T[] = [];
  for await (const item of items) all.push(item);
  return all;
}

const text = (chunk: Chunk) => Buffer.concat(chunk.pieces).toString();

describe('chunksOf', () => {
  it.each([
    { pieces: ['abcdefgh'], size: 3, chunks: ['abc', 'def', 'gh'] },
    { pieces: ['ab', 'c', 'defg', 'h', 'i'], size: 3, chunks: ['abc', 'def', 'ghi'] },
    { pieces: ['a', 'b'], size: 4, chunks: ['ab'] },
    { pieces: [], size: 4, chunks: [] },
  ])('cuts $pieces into chunks of $size bytes', async ({ pieces, size, chunks }) => {
    const cut = await collect(chunksOf(piecesFrom(...pieces), size));
    expect(cut.map(text)).toEqual(chunks);
    expect(cut.map((chunk) => chunk.length)).toEqual(chunks.map((chunk) => chunk.length));
  });

  it('splits a piece by reference, without copying its bytes', async () => {
    const piece = Buffer.from('abcdef');
    const [first, second] = await collect(
      chunksOf(
        (async function* () {
          yield piece;
        })(),
        4,
      ),
    );
    expect(first?.pieces[0]?.buffer).toBe(piece.buffer);
    expect(second?.pieces[0]?.buffer).toBe(piece.buffer);
  });
});

describe('chunkRowsCopy', () => {
  it('writes a binary COPY of (file_id, seq, data) rows, and reports each chunk', async () => {
    const heard: number[] = [];
    const copy = Buffer.concat(
      await collect(chunkRowsCopy(7, chunksOf(piecesFrom('hello', ' world'), 8), (chunk) => heard.push(chunk.length))),
    );
    expect(heard).toEqual([8, 3]);
    // Signature, flags, no header extension; then a row: 3 fields, an 8-byte file id, a 4-byte seq, the data.
    expect(copy.subarray(0, 11).toString('latin1')).toBe('PGCOPY\n\xff\r\n\0');
    let offset = 19;
    const rows: { fileId: bigint; seq: number; data: string }[] = [];
    while (copy.readInt16BE(offset) !== -1) {
      expect(copy.readInt16BE(offset)).toBe(3);
      const fileId = copy.readBigInt64BE(offset + 6);
      const seq = copy.readInt32BE(offset + 18);
      const length = copy.readInt32BE(offset + 22);
      rows.push({ fileId, seq, data: copy.subarray(offset + 26, offset + 26 + length).toString() });
      offset += 26 + length;
    }
    expect(rows).toEqual([
      { fileId: 7n, seq: 0, data: 'hello wo' },
      { fileId: 7n, seq: 1, data: 'rld' },
    ]);
    expect(offset + 2).toBe(copy.length);
  });
});

describe('singleValueOfCopy', () => {
  const header = Buffer.concat([Buffer.from('PGCOPY\n\xff\r\n\0', 'latin1'), Buffer.alloc(8)]);
  const end = Buffer.from([0xff, 0xff]);
  /** A one-column row's field count and value length, up to its bytes. */
  const rowStart = (length: number) => {
    const start = Buffer.alloc(6);
    start.writeInt16BE(1, 0);
    start.writeInt32BE(length, 2);
    return start;
  };
  const valueOf = (pieces: Buffer[]) => {
    const slices = singleValueOfCopy(pieces);
    return slices && Buffer.concat(slices).toString();
  };

  it('reads the one value of a one-column COPY, or null when it has no row', () => {
    expect(valueOf([Buffer.concat([header, rowStart(2), Buffer.from('hi'), end])])).toBe('hi');
    expect(valueOf([Buffer.concat([header, end])])).toBeNull();
    expect(() => singleValueOfCopy([Buffer.from('not a copy')])).toThrow('not a binary COPY output');
    expect(() => singleValueOfCopy([header, rowStart(5), Buffer.from('hi')])).toThrow('the COPY output ended early');
  });

  it('reads the value from pieces cut anywhere, as slices of the pieces rather than copies', () => {
    const copy = Buffer.concat([header, rowStart(11), Buffer.from('hello world'), end]);
    // Every way of cutting the output in two, then one byte a piece.
    for (let cut = 0; cut <= copy.length; cut += 1) {
      expect(valueOf([copy.subarray(0, cut), copy.subarray(cut)])).toBe('hello world');
    }
    const bytes = [...copy].map((byte) => Buffer.from([byte]));
    expect(valueOf(bytes)).toBe('hello world');

    const data = Buffer.from('the value itself');
    const slices = singleValueOfCopy([Buffer.concat([header, rowStart(data.length)]), data, end]);
    expect(slices).toHaveLength(1);
    expect(slices?.[0]?.buffer).toBe(data.buffer);
  });
});
