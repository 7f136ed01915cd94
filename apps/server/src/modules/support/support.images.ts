import { type SupportAttachmentMime, supportLimits } from '@arcadia/contract';
import { AppError } from '../../lib/app-error.js';

export interface ImageInfo {
  mime: SupportAttachmentMime;
  width: number;
  height: number;
}

/** Images wider or taller than this are refused: nobody sends a chat screenshot that large. */
const MAX_SIDE = 20_000;

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

function png(bytes: Buffer): ImageInfo | null {
  if (bytes.length < 33 || !PNG_SIGNATURE.every((b, i) => bytes[i] === b)) return null;
  // The first chunk is IHDR (13 bytes of data): width and height, big-endian.
  if (bytes.readUInt32BE(8) !== 13 || bytes.toString('latin1', 12, 16) !== 'IHDR') return null;
  return { mime: 'image/png', width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

/** Start-of-frame markers: they carry the size. C4 (DHT), C8 (JPG) and CC (DAC) are not frames. */
const isFrame = (m: number) => m >= 0xc0 && m <= 0xcf && m !== 0xc4 && m !== 0xc8 && m !== 0xcc;

function jpeg(bytes: Buffer): ImageInfo | null {
  if (bytes.length < 4 || bytes[0] !== 0xff || bytes[1] !== 0xd8 || bytes[2] !== 0xff) return null;
  let i = 2;
  while (i + 4 <= bytes.length) {
    if (bytes[i] !== 0xff) return null;
    const marker = bytes[i + 1]!;
    if (marker === 0xff) {
      i += 1; // fill byte
      continue;
    }
    // Markers without a length: restart markers and TEM. End of image or scan data before a
    // frame header means the file is not a well-formed JPEG.
    if ((marker >= 0xd0 && marker <= 0xd7) || marker === 0x01) {
      i += 2;
      continue;
    }
    if (marker === 0xd9 || marker === 0xda) return null;
    const length = bytes.readUInt16BE(i + 2);
    if (length < 2) return null;
    if (isFrame(marker)) {
      if (i + 9 > bytes.length) return null;
      return { mime: 'image/jpeg', height: bytes.readUInt16BE(i + 5), width: bytes.readUInt16BE(i + 7) };
    }
    i += 2 + length;
  }
  return null;
}

/**
 * What an uploaded file is, by its bytes alone: a PNG (signature and IHDR header) or a JPEG (SOI
 * and a frame header), with its size in pixels; null for anything else, whatever it was called.
 */
export function sniffImage(bytes: Buffer): ImageInfo | null {
  const info = png(bytes) ?? jpeg(bytes);
  if (!info || info.width < 1 || info.height < 1 || info.width > MAX_SIDE || info.height > MAX_SIDE)
    return null;
  return info;
}

const dataUrl = /^data:[\w.+/-]{1,64};base64,/;
const base64 = /^[A-Za-z0-9+/]*={0,2}$/;

/**
 * An uploaded image as sent: strict base64 (optionally a data URL, whose declared type is ignored)
 * of a PNG or JPEG of at most `maxBytes`. Anything else is `code` with the reason (`not_base64`,
 * `empty`, `too_large`, `not_png_or_jpeg`).
 */
export function parseImageUpload(
  input: string,
  limits: { maxBytes: number; code: 'support.attachment.invalid' | 'upload.invalid' },
): ImageInfo & { bytes: Buffer } {
  const text = input.replace(dataUrl, '');
  if (text.length % 4 !== 0 || !base64.test(text)) throw new AppError(limits.code, { reason: 'not_base64' });
  const bytes = Buffer.from(text, 'base64');
  if (bytes.length === 0) throw new AppError(limits.code, { reason: 'empty' });
  if (bytes.length > limits.maxBytes) throw new AppError(limits.code, { reason: 'too_large' });
  const info = sniffImage(bytes);
  if (!info) throw new AppError(limits.code, { reason: 'not_png_or_jpeg' });
  return { ...info, bytes };
}

/** A support chat attachment: at most 5 MiB; `support.attachment.invalid` otherwise. */
export function parseAttachment(input: string): ImageInfo & { bytes: Buffer } {
  return parseImageUpload(input, {
    maxBytes: supportLimits.attachmentMaxBytes,
    code: 'support.attachment.invalid',
  });
}
