import { CONTENT_IMAGE_MAX_BYTES } from '@arcadia/contract';
import { AppError } from '../../lib/app-error.js';
import { sniffImage } from '../support/index.js';

export type ContentImageMime = 'image/png' | 'image/jpeg' | 'image/webp';

const extensions: Record<ContentImageMime, string> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/webp': 'webp',
};
export const mimeOfExtension = new Map(
  Object.entries(extensions).map(([mime, ext]) => [ext, mime as ContentImageMime]),
);

/** RIFF container, `WEBP` form, then a VP8 / VP8L / VP8X chunk: a WebP by its bytes. */
function isWebp(bytes: Buffer): boolean {
  return (
    bytes.length >= 20 &&
    bytes.toString('latin1', 0, 4) === 'RIFF' &&
    bytes.toString('latin1', 8, 12) === 'WEBP' &&
    ['VP8 ', 'VP8L', 'VP8X'].includes(bytes.toString('latin1', 12, 16))
  );
}

/** What the bytes are (PNG, JPEG or WebP), whatever the file was called; null for anything else. */
export function contentImageType(bytes: Buffer): ContentImageMime | null {
  if (isWebp(bytes)) return 'image/webp';
  const info = sniffImage(bytes);
  return info ? info.mime : null;
}

const dataUrl = /^data:[\w.+/-]{1,64};base64,/;
const base64 = /^[A-Za-z0-9+/]*={0,2}$/;

/**
 * An operator's uploaded image: strict base64 (a data URL's declared type is ignored) of a PNG,
 * JPEG or WebP of at most 2 MiB, else `content.image.invalid` with the reason.
 */
export function parseContentImage(input: string): { mime: ContentImageMime; ext: string; bytes: Buffer } {
  const text = input.replace(dataUrl, '');
  if (text.length % 4 !== 0 || !base64.test(text))
    throw new AppError('content.image.invalid', { reason: 'not_base64' });
  const bytes = Buffer.from(text, 'base64');
  if (bytes.length === 0) throw new AppError('content.image.invalid', { reason: 'empty' });
  if (bytes.length > CONTENT_IMAGE_MAX_BYTES)
    throw new AppError('content.image.invalid', { reason: 'too_large' });
  const mime = contentImageType(bytes);
  if (!mime) throw new AppError('content.image.invalid', { reason: 'not_an_image' });
  return { mime, ext: extensions[mime], bytes };
}
