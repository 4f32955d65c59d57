import { crc32, deflateSync } from 'node:zlib';

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const checksum = Buffer.alloc(4);
  checksum.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, checksum]);
}

/**
 * A small PNG of a lawn for the demo's visit photos (a few KB): green stripes as a mower leaves them, lighter for a
 * check-out than for a check-in, and shifted by `variant` so photos differ. Made in code, so the demo ships no images.
 */
export function demoLawnPng(variant: number, isAfter: boolean, width = 96, height = 64): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.writeUInt8(8, 8); // 8 bits per channel
  header.writeUInt8(2, 9); // RGB
  const rows: Buffer[] = [];
  for (let y = 0; y < height; y += 1) {
    const row = Buffer.alloc(1 + width * 3); // filter byte 0, then RGB pixels
    for (let x = 0; x < width; x += 1) {
      const stripe = Math.floor((x + variant * 7) / 12) % 2;
      const shade = (x * 31 + y * 17 + variant * 13) % 23;
      const green = (isAfter ? 150 : 110) + stripe * 30 + shade;
      row.writeUInt8(40 + shade, 1 + x * 3);
      row.writeUInt8(Math.min(green, 255), 2 + x * 3);
      row.writeUInt8(30 + (shade >> 1), 3 + x * 3);
    }
    rows.push(row);
  }
  return Buffer.concat([
    PNG_SIGNATURE,
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
