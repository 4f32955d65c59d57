import { describe, expect, it } from 'vitest';
import { attachmentName, detectAttachmentKind, formatFileSize } from './attachment';

const bytes = (...parts: (number[] | string)[]) =>
  new Uint8Array(parts.flatMap((part) => (typeof part === 'string' ? [...part].map((c) => c.charCodeAt(0)) : part)));

describe('detectAttachmentKind', () => {
  it.each([
    ['JPEG', bytes([0xff, 0xd8, 0xff, 0xe0], 'JFIF'), 'image/jpeg'],
    ['PNG', bytes([0x89], 'PNG', [0x0d, 0x0a, 0x1a, 0x0a], 'IHDR'), 'image/png'],
    ['MP3 with an ID3 tag', bytes('ID3', [4, 0, 0]), 'audio/mpeg'],
    ['MP3 frame', bytes([0xff, 0xfb, 0x90, 0x64]), 'audio/mpeg'],
    ['AAC in ADTS', bytes([0xff, 0xf1, 0x50, 0x80]), 'audio/aac'],
    ['WAV', bytes('RIFF', [0x24, 0, 0, 0], 'WAVEfmt '), 'audio/wav'],
    ['Ogg', bytes('OggS', [0, 2]), 'audio/ogg'],
    ['FLAC', bytes('fLaC', [0, 0, 0, 0x22]), 'audio/flac'],
    ['M4A', bytes([0, 0, 0, 0x20], 'ftypM4A ', [0, 0, 0, 0]), 'audio/mp4'],
    ['AIFF', bytes('FORM', [0, 0, 0, 0], 'AIFF'), 'audio/aiff'],
    ['AMR', bytes('#!AMR\n'), 'audio/amr'],
  ])('recognises %s', (_name, head, contentType) => {
    expect(detectAttachmentKind(head)?.contentType).toBe(contentType);
  });

  it.each([
    ['text', bytes('hello, this is not a picture')],
    ['a PDF', bytes('%PDF-1.7')],
    ['an MP4 video', bytes([0, 0, 0, 0x20], 'ftypisom', [0, 0, 2, 0])],
    ['a RIFF that is not WAVE (AVI)', bytes('RIFF', [0, 0, 0, 0], 'AVI LIST')],
    ['a GIF', bytes('GIF89a')],
    ['nothing', bytes()],
    ['a cut-off PNG signature', bytes([0x89], 'PNG')],
  ])('refuses %s', (_name, head) => {
    expect(detectAttachmentKind(head)).toBeNull();
  });
});

describe('attachmentName', () => {
  it.each([
    ['photo.png', 'photo.png'],
    ['C:\\Users\\me\\Pictures\\gate.jpg', 'gate.jpg'],
    ['../../etc/passwd', 'passwd'],
    ['bad\u0000name\u001f.png', 'badname.png'],
    ['', 'file'],
    ['a'.repeat(300), 'a'.repeat(255)],
  ])('%j is kept as %j', (given, kept) => {
    expect(attachmentName(given)).toBe(kept);
  });
});

describe('formatFileSize', () => {
  it.each([
    [512, '512 B'],
    [2048, '2 KB'],
    [1536, '1.5 KB'],
    [10 * 1024 * 1024, '10 MB'],
  ])('%d bytes read %s', (size, text) => {
    expect(formatFileSize(size)).toBe(text);
  });
});
