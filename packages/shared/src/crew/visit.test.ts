import { describe, expect, it } from 'vitest';
import { detectPhotoKind, VISIT_NOTE_MAX, visitNoteSchema } from './visit';

const bytes = (...parts: (number[] | string)[]) =>
  new Uint8Array(parts.flatMap((part) => (typeof part === 'string' ? [...part].map((c) => c.charCodeAt(0)) : part)));

describe('detectPhotoKind', () => {
  it.each([
    ['JPEG', bytes([0xff, 0xd8, 0xff, 0xe0], 'JFIF'), 'image/jpeg'],
    ['PNG', bytes([0x89], 'PNG', [0x0d, 0x0a, 0x1a, 0x0a], 'IHDR'), 'image/png'],
    ['WebP', bytes('RIFF', [0x24, 0, 0, 0], 'WEBPVP8 '), 'image/webp'],
    ['HEIC', bytes([0, 0, 0, 0x18], 'ftypheic', [0, 0, 0, 0]), 'image/heic'],
    ['HEIF (mif1)', bytes([0, 0, 0, 0x18], 'ftypmif1', [0, 0, 0, 0]), 'image/heic'],
  ])('recognises %s', (_name, head, contentType) => {
    expect(detectPhotoKind(head)?.contentType).toBe(contentType);
  });

  it.each([
    ['text', bytes('hello, this is not a picture')],
    ['a PDF', bytes('%PDF-1.7')],
    ['an MP4 video', bytes([0, 0, 0, 0x20], 'ftypisom', [0, 0, 2, 0])],
    ['a WAV recording', bytes('RIFF', [0x24, 0, 0, 0], 'WAVEfmt ')],
    ['a GIF', bytes('GIF89a')],
    ['nothing', bytes()],
  ])('refuses %s', (_name, head) => {
    expect(detectPhotoKind(head)).toBeNull();
  });
});

describe('visitNoteSchema', () => {
  it.each([
    ['an empty note', '', true],
    ['a note at the limit', 'a'.repeat(VISIT_NOTE_MAX), true],
    ['a note over the limit', 'a'.repeat(VISIT_NOTE_MAX + 1), false],
    ['a NUL', 'gate\u0000open', false],
    ['a lone surrogate', 'gate \ud800', false],
  ])('%s', (_name, note, isValid) => {
    expect(visitNoteSchema.safeParse(note).success).toBe(isValid);
  });
});
