import { randomInt } from 'node:crypto';
import { deflateSync } from 'node:zlib';

/** Characters a captcha may use: no look-alikes (0/O, 1/I/l). */
export const captchaAlphabet = '23456789ABCDEFGHJKLMNPQRSTUVWXYZ';

const maxLength = 8;
const maxSide = 1024; // bounds the allocation a caller-supplied size can cause

// 5×7 dot font in captchaAlphabet order: one base-32 digit per row, its 5 bits the dots with the MSB leftmost.
// Hand-drawn rather than taken from a system font so the image needs no font files and looks the same everywhere.
const glyphs = (
  'eh1248v v2421he 26aiv22 vgu11he 68guhhe v124888 ehhehhe ehhf12c ehhhvhh uhhuhhu ehggghe sihhhis ' +
  'vgguggv vgguggg ehgnhhf hhhvhhh 72222ic hikokih ggggggv hrllhhh hhpljhh uhhuggg ehhhle3 uhhukih ' +
  'fgge11u v444444 hhhhhhe hhhhha4 hhhllla hha4ahh hhha444 v1248gv'
)
  .split(' ')
  .map((rows) => [...rows].map((digit) => parseInt(digit, 32)));

export interface CaptchaImageOptions {
  width?: number;
  height?: number;
  /** Makes the output reproducible (tests); omit in production so the distortion is unpredictable. */
  seed?: number;
}

export function randomCaptchaText(length = 4): string {
  checkLength(length);
  let text = '';
  for (let i = 0; i < length; i++) text += captchaAlphabet[randomInt(captchaAlphabet.length)];
  return text;
}

/** Renders `text` as an RGB PNG: distorted dark glyphs on a light, noisy background, crossed by lines. */
export function renderCaptchaPng(text: string, options: CaptchaImageOptions = {}): Buffer {
  const { width = 120, height = 40 } = options;
  checkLength(text.length);
  const glyphRows = [...text].map((char) => {
    const index = captchaAlphabet.indexOf(char);
    if (index < 0) throw new RangeError(`captcha text may only use ${captchaAlphabet}`);
    return glyphs[index]!;
  });
  for (const side of [width, height]) {
    if (!Number.isInteger(side) || side < 16 || side > maxSide) {
      throw new RangeError(`captcha image sides must be integers in 16..${maxSide}`);
    }
  }

  const random = mulberry32(options.seed ?? randomInt(2 ** 32));
  const between = (min: number, max: number) => min + random() * (max - min);
  const pixels = Buffer.alloc(width * height * 3);
  const plot = (x: number, y: number, rgb: readonly number[]) => {
    const px = Math.round(x);
    const py = Math.round(y);
    if (px < 0 || py < 0 || px >= width || py >= height) return;
    pixels.set(rgb, (py * width + px) * 3);
  };
  const darkColour = () => [between(0, 90), between(0, 90), between(0, 110)].map(Math.floor);

  // Per-pixel grain on a random tint so thresholding at one background value does not isolate the text.
  const base = [between(215, 250), between(215, 250), between(215, 250)];
  for (let i = 0; i < width * height; i++) {
    const grain = between(-18, 18);
    pixels.set(
      base.map((c) => Math.min(255, Math.floor(c + grain + between(-6, 6)))),
      i * 3,
    );
  }

  // Pixels per dot: as large as fits, leaving a dot's gap between glyphs and room to bob up and down. Sampling
  // by inverse mapping below means it need not be whole.
  const count = glyphRows.length;
  const scale = Math.min(width / (count * 6.5 + 1.5), height / 10);
  const halfWidth = 3.8 * scale; // 5 dots, the discs' overhang and the lean from rotation and shear
  const step = count > 1 ? (width - 2 * halfWidth) / (count - 1) : 0;
  const reach = Math.ceil(5 * scale);
  glyphRows.forEach((rows, i) => {
    const jitter = between(-0.1, 0.1) * step;
    const centreX =
      count > 1 ? Math.min(width - halfWidth, Math.max(halfWidth, halfWidth + i * step + jitter)) : width / 2;
    const centreY = height / 2 + between(-0.5, 0.5) * Math.max(0, height - 9 * scale);
    const angle = between(-0.2, 0.2);
    const shear = between(-0.15, 0.15);
    const [cos, sin] = [Math.cos(angle), Math.sin(angle)];
    const colour = darkColour();
    // Inverse mapping (image pixel → glyph dot) leaves no holes, unlike stamping rotated dots forward. Dots are
    // discs wide enough to touch their diagonal neighbours, so slanted strokes read as lines, not staircases.
    for (let dy = -reach; dy <= reach; dy++) {
      for (let dx = -reach; dx <= reach; dx++) {
        const u = (cos * dx + (sin + shear) * dy) / scale + 2;
        const v = (cos * dy - sin * dx) / scale + 3;
        const near = (gx: number, gy: number) =>
          gx >= 0 && gx < 5 && ((rows[gy] ?? 0) >> (4 - gx)) & 1 && (u - gx) ** 2 + (v - gy) ** 2 < 0.53;
        const [gx, gy] = [Math.floor(u), Math.floor(v)];
        if (near(gx, gy) || near(gx + 1, gy) || near(gx, gy + 1) || near(gx + 1, gy + 1)) {
          plot(centreX + dx, centreY + dy, colour);
        }
      }
    }
  });

  // Thin strokes in text-like colours join the glyphs so segmenting them by connected components fails,
  // while staying thinner than the glyph strokes so a person can tell them apart.
  for (let n = 0; n < 3; n++) {
    const [y0, y1] = [between(0.2, 0.8) * height, between(0.2, 0.8) * height];
    const [amplitude, phase, frequency] = [between(0, height / 6), between(0, 2 * Math.PI), between(1, 3)];
    const colour = darkColour();
    for (let x = 0; x < width; x += 0.5) {
      const t = x / width;
      plot(x, y0 + (y1 - y0) * t + amplitude * Math.sin(phase + t * frequency * Math.PI), colour);
    }
  }
  // Speckles of both dark and light dots break up edges that OCR would otherwise trace cleanly.
  for (let n = 0; n < (width * height) / 12; n++) {
    const shade = random() < 0.5 ? darkColour() : base.map((c) => Math.floor(c));
    plot(between(0, width), between(0, height), shade);
  }

  return encodePng(width, height, pixels);
}

function checkLength(length: number): void {
  if (!Number.isInteger(length) || length < 1 || length > maxLength) {
    throw new RangeError(`captcha text must be 1..${maxLength} characters`);
  }
}

/** Small, fast, seedable PRNG: fine for distortion, which need not be cryptographically strong. */
function mulberry32(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 2 ** 32;
  };
}

// Node 20's zlib has no crc32 (added in 22.2), so PNG's chunk checksums need their own table.
const crcTable = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Uint8Array): number {
  let crc = 0xffffffff;
  for (const byte of bytes) crc = crcTable[(crc ^ byte) & 0xff]! ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const framed = Buffer.alloc(body.length + 8);
  framed.writeUInt32BE(data.length, 0);
  body.copy(framed, 4);
  framed.writeUInt32BE(crc32(body), body.length + 4);
  return framed;
}

/** The smallest valid PNG: 8-bit RGB, one IDAT, no filtering (deflate alone is plenty for 120×40). */
function encodePng(width: number, height: number, rgb: Buffer): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // bit depth, colour type RGB, deflate, adaptive filters, no interlace
  const stride = width * 3;
  const scanlines = Buffer.alloc(height * (stride + 1)); // each row's leading filter byte stays 0 (None)
  for (let y = 0; y < height; y++) rgb.copy(scanlines, y * (stride + 1) + 1, y * stride, (y + 1) * stride);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(scanlines)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
