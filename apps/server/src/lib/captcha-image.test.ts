import { inflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { captchaAlphabet, randomCaptchaText, renderCaptchaPng } from './captcha-image.js';

const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

// Bitwise rather than table-driven, so a mistake in the encoder's table cannot also hide here.
function crc32(bytes: Uint8Array): number {
  let crc = 0xffffffff;
  for (const byte of bytes) {
    crc ^= byte;
    for (let k = 0; k < 8; k++) crc = crc & 1 ? (crc >>> 1) ^ 0xedb88320 : crc >>> 1;
  }
  return (crc ^ 0xffffffff) >>> 0;
}

interface Chunk {
  type: string;
  data: Buffer;
  crc: number;
  computedCrc: number;
}

function readChunks(png: Buffer): Chunk[] {
  const chunks: Chunk[] = [];
  for (let offset = signature.length; offset < png.length;) {
    const length = png.readUInt32BE(offset);
    const typeAndData = png.subarray(offset + 4, offset + 8 + length);
    chunks.push({
      type: typeAndData.subarray(0, 4).toString('latin1'),
      data: typeAndData.subarray(4),
      crc: png.readUInt32BE(offset + 8 + length),
      computedCrc: crc32(typeAndData),
    });
    offset += 12 + length;
  }
  return chunks;
}

/** Decodes the encoder's own output (RGB, filter 0 on every row) into per-pixel luminance. */
function luminances(png: Buffer): number[] {
  const chunks = readChunks(png);
  const header = chunks[0]!.data;
  const [width, height] = [header.readUInt32BE(0), header.readUInt32BE(4)];
  const raw = inflateSync(chunks.find((chunk) => chunk.type === 'IDAT')!.data);
  const values: number[] = [];
  for (let y = 0; y < height; y++) {
    const row = y * (1 + width * 3);
    expect(raw[row]).toBe(0);
    for (let x = 0; x < width; x++) {
      const [r, g, b] = raw.subarray(row + 1 + x * 3, row + 4 + x * 3);
      values.push(0.299 * r! + 0.587 * g! + 0.114 * b!);
    }
  }
  return values;
}

describe('renderCaptchaPng', () => {
  it('checks the test CRC against a known value', () => {
    expect(crc32(Buffer.from('IEND'))).toBe(0xae426082);
  });

  it.each([
    [120, 40],
    [200, 70],
  ])('writes a well-formed %i×%i RGB PNG', (width, height) => {
    const png = renderCaptchaPng('AB23', { width, height, seed: 42 });
    expect(png.subarray(0, 8)).toEqual(signature);

    const chunks = readChunks(png);
    expect(chunks.map((chunk) => chunk.type)).toEqual(['IHDR', 'IDAT', 'IEND']);
    for (const chunk of chunks) expect(chunk.crc, chunk.type).toBe(chunk.computedCrc);

    const header = chunks[0]!.data;
    expect(header.length).toBe(13);
    expect(header.readUInt32BE(0)).toBe(width);
    expect(header.readUInt32BE(4)).toBe(height);
    expect([...header.subarray(8)]).toEqual([8, 2, 0, 0, 0]);
    expect(inflateSync(chunks[1]!.data).length).toBe(height * (1 + width * 3));
  });

  it('defaults to 120×40', () => {
    const header = readChunks(renderCaptchaPng('XY'))[0]!.data;
    expect([header.readUInt32BE(0), header.readUInt32BE(4)]).toEqual([120, 40]);
  });

  it('is deterministic for a seed and varies between seeds', () => {
    const png = renderCaptchaPng('7KQ4', { seed: 1 });
    expect(renderCaptchaPng('7KQ4', { seed: 1 }).equals(png)).toBe(true);
    expect(renderCaptchaPng('7KQ4', { seed: 2 }).equals(png)).toBe(false);
    expect(renderCaptchaPng('7KQ5', { seed: 1 }).equals(png)).toBe(false);
  });

  it('draws dark text on a light background', () => {
    for (const text of ['7KQ4', '2', 'ZZZZZZZZ']) {
      const values = luminances(renderCaptchaPng(text, { seed: 3 }));
      const dark = values.filter((value) => value < 100).length;
      const light = values.filter((value) => value > 180).length;
      expect(dark / values.length, text).toBeGreaterThan(0.01);
      expect(light / values.length, text).toBeGreaterThan(0.5);
    }
  });

  it.each(['', 'ABCDEFGHJ', 'abcd', 'A0B1', 'AB I', 'ÄBCD'])('rejects %j', (text) => {
    expect(() => renderCaptchaPng(text, { seed: 1 })).toThrow(RangeError);
  });

  it.each([{ width: 0 }, { height: 10.5 }, { width: 100_000 }])('rejects the size %j', (size) => {
    expect(() => renderCaptchaPng('ABCD', size)).toThrow(RangeError);
  });
});

describe('randomCaptchaText', () => {
  it('draws the requested number of characters from the alphabet', () => {
    expect(randomCaptchaText()).toMatch(/^[23456789ABCDEFGHJKLMNPQRSTUVWXYZ]{4}$/);
    for (const length of [1, 6, 8]) {
      const text = randomCaptchaText(length);
      expect(text).toHaveLength(length);
      for (const char of text) expect(captchaAlphabet).toContain(char);
    }
  });

  it('renders whatever it generates', () => {
    for (let i = 0; i < 20; i++) expect(renderCaptchaPng(randomCaptchaText(8)).length).toBeGreaterThan(0);
  });

  it.each([0, 9, 2.5])('rejects the length %d', (length) => {
    expect(() => randomCaptchaText(length)).toThrow(RangeError);
  });
});

describe('captchaAlphabet', () => {
  it('has no look-alike characters', () => {
    for (const char of '01OIl') expect(captchaAlphabet).not.toContain(char);
  });
});
