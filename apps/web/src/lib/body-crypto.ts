/**
 * Encrypted request bodies, client side (docs/api.md, "Encrypted bodies").
 *
 * WebCrypto only, so the same code runs in browsers and in Node 20 (`globalThis.crypto.subtle`).
 * Per request: a random AES-256 key and 12-byte IV encrypt the UTF-8 JSON of the payload with
 * AES-256-GCM; the AES key travels RSA-OAEP-SHA256-wrapped in the `Encryption` header and the body
 * is `{ "value": base64(iv ‖ ciphertext ‖ tag) }`.
 */

/**
 * The WebCrypto key type (the DOM's `CryptoKey`), named through `crypto.subtle` so this file also
 * type-checks where only Node's typings are loaded (the server's tests import it).
 */
type CryptoKey = Awaited<ReturnType<typeof crypto.subtle.importKey>>;

export interface PublicKeyInfo {
  keyId: string;
  publicKey: string;
}

const AES_KEY_BYTES = 32;
const IV_BYTES = 12;
const TAG_BITS = 128;
const NONCE_LENGTH = 32;
const NONCE_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
const RSA_OAEP = { name: 'RSA-OAEP', hash: 'SHA-256' } as const;

const keyCache = new Map<string, { publicKey: string; key: Promise<CryptoKey> }>();

/** Imports the SPKI PEM for RSA-OAEP SHA-256 (cache the CryptoKey per keyId). */
export function importPublicKey(info: PublicKeyInfo): Promise<CryptoKey> {
  const cached = keyCache.get(info.keyId);
  if (cached && cached.publicKey === info.publicKey) return cached.key;
  const key = (async () =>
    crypto.subtle.importKey('spki', pemToDer(info.publicKey), RSA_OAEP, false, ['encrypt']))();
  keyCache.set(info.keyId, { publicKey: info.publicKey, key });
  // A key that failed to import is not kept: the next call tries again.
  key.catch(() => {
    if (keyCache.get(info.keyId)?.key === key) keyCache.delete(info.keyId);
  });
  return key;
}

/** The client steps: returns the header value and the JSON body to send. */
export async function encryptBody(
  key: CryptoKey,
  payload: unknown,
): Promise<{ header: string; body: { value: string } }> {
  const json = JSON.stringify(payload) as string | undefined;
  if (json === undefined) throw new TypeError('The payload cannot be serialised to JSON.');
  const plaintext = new TextEncoder().encode(json);

  const rawKey = crypto.getRandomValues(new Uint8Array(AES_KEY_BYTES));
  const iv = crypto.getRandomValues(new Uint8Array(IV_BYTES));
  const aesKey = await crypto.subtle.importKey('raw', rawKey, { name: 'AES-GCM' }, false, ['encrypt']);
  // WebCrypto's AES-GCM output is ciphertext ‖ tag already.
  const sealed = new Uint8Array(
    await crypto.subtle.encrypt({ name: 'AES-GCM', iv, tagLength: TAG_BITS }, aesKey, plaintext),
  );
  const wrapped = new Uint8Array(await crypto.subtle.encrypt(RSA_OAEP, key, rawKey));
  rawKey.fill(0);

  const value = new Uint8Array(iv.length + sealed.length);
  value.set(iv, 0);
  value.set(sealed, iv.length);
  return { header: bytesToBase64(wrapped), body: { value: bytesToBase64(value) } };
}

/** RSA-OAEP-wraps 32 random characters (free-play's Encryption header). */
export async function wrapRandomNonce(key: CryptoKey): Promise<string> {
  const nonce = new TextEncoder().encode(randomString(NONCE_LENGTH));
  return bytesToBase64(new Uint8Array(await crypto.subtle.encrypt(RSA_OAEP, key, nonce)));
}

/** `length` characters from NONCE_ALPHABET, uniformly (rejection sampling, no modulo bias). */
function randomString(length: number): string {
  const limit = 256 - (256 % NONCE_ALPHABET.length);
  let out = '';
  while (out.length < length) {
    for (const byte of crypto.getRandomValues(new Uint8Array(length * 2))) {
      if (byte >= limit) continue;
      out += NONCE_ALPHABET[byte % NONCE_ALPHABET.length];
      if (out.length === length) break;
    }
  }
  return out;
}

function pemToDer(pem: string): Uint8Array<ArrayBuffer> {
  const match = /-----BEGIN PUBLIC KEY-----([\s\S]*?)-----END PUBLIC KEY-----/.exec(pem);
  if (!match?.[1]) throw new TypeError('The public key is not an SPKI PEM.');
  return base64ToBytes(match[1].replace(/\s+/g, ''));
}

const BASE64_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

/** Standard base64 with padding, byte by byte (no btoa: binary-safe everywhere). */
function bytesToBase64(bytes: Uint8Array): string {
  let out = '';
  for (let i = 0; i < bytes.length; i += 3) {
    const b0 = bytes[i] ?? 0;
    const b1 = bytes[i + 1] ?? 0;
    const b2 = bytes[i + 2] ?? 0;
    const n = (b0 << 16) | (b1 << 8) | b2;
    out += BASE64_ALPHABET[(n >> 18) & 63];
    out += BASE64_ALPHABET[(n >> 12) & 63];
    out += i + 1 < bytes.length ? BASE64_ALPHABET[(n >> 6) & 63] : '=';
    out += i + 2 < bytes.length ? BASE64_ALPHABET[n & 63] : '=';
  }
  return out;
}

/** Strict standard base64 (padding required, no whitespace); throws on anything else. */
function base64ToBytes(text: string): Uint8Array<ArrayBuffer> {
  if (text.length % 4 !== 0 || !/^[A-Za-z0-9+/]*={0,2}$/.test(text)) {
    throw new TypeError('Not valid base64.');
  }
  const padding = text.endsWith('==') ? 2 : text.endsWith('=') ? 1 : 0;
  const out = new Uint8Array((text.length / 4) * 3 - padding);
  let o = 0;
  for (let i = 0; i < text.length; i += 4) {
    let n = 0;
    for (let j = 0; j < 4; j++) {
      const c = text[i + j] ?? '=';
      n = (n << 6) | (c === '=' ? 0 : BASE64_ALPHABET.indexOf(c));
    }
    if (o < out.length) out[o++] = (n >> 16) & 255;
    if (o < out.length) out[o++] = (n >> 8) & 255;
    if (o < out.length) out[o++] = n & 255;
  }
  return out;
}
