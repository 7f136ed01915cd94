/**
 * Encrypted request bodies (docs/api.md, "Encrypted bodies").
 *
 * The client wraps a random AES-256 key with the server's RSA key (OAEP, SHA-256) and sends it
 * base64 in the `Encryption` header; the body is `{ "value": base64(iv ‖ ciphertext ‖ tag) }`,
 * the UTF-8 JSON payload sealed with AES-256-GCM (12-byte IV, 16-byte tag).
 */
import {
  type KeyObject,
  constants,
  createCipheriv,
  createDecipheriv,
  createHash,
  createPrivateKey,
  createPublicKey,
  generateKeyPairSync,
  privateDecrypt,
  publicEncrypt,
  randomBytes,
} from 'node:crypto';

export interface RsaKeyPair {
  keyId: string;
  publicKeyPem: string;
  privateKeyPem: string;
  createdAt: Date;
}

export type DecryptFailure =
  | 'encryption_header_missing'
  | 'encryption_header_invalid'
  | 'body_value_missing'
  | 'body_value_invalid'
  | 'key_unwrap_failed'
  | 'ciphertext_invalid'
  | 'payload_not_json';

export class BodyDecryptError extends Error {
  override readonly name = 'BodyDecryptError';

  constructor(readonly reason: DecryptFailure) {
    super(`The encrypted request could not be read: ${reason}.`);
  }
}

const RSA_BITS = 2048;
const AES_KEY_BYTES = 32;
const IV_BYTES = 12;
const TAG_BYTES = 16;
/** iv ‖ at least one byte of ciphertext ‖ tag. */
const MIN_VALUE_BYTES = IV_BYTES + 1 + TAG_BYTES;

/** 2048-bit RSA; keyId = first 16 hex chars of sha256 of the SPKI DER. */
export function generateRsaKeyPair(): RsaKeyPair {
  const { publicKey, privateKey } = generateKeyPairSync('rsa', {
    modulusLength: RSA_BITS,
    publicExponent: 0x10001,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });
  return {
    keyId: keyIdOf(publicKey),
    publicKeyPem: publicKey,
    privateKeyPem: privateKey,
    createdAt: new Date(),
  };
}

function keyIdOf(publicKeyPem: string): string {
  const der = createPublicKey(publicKeyPem).export({ type: 'spki', format: 'der' });
  return createHash('sha256').update(der).digest('hex').slice(0, 16);
}

/**
 * Tries each private key in order (current first). Returns the parsed JSON payload.
 * Never throws anything but BodyDecryptError.
 */
export function decryptBody(
  encryptionHeader: string | undefined,
  body: unknown,
  privateKeys: readonly string[],
): unknown {
  const keys = loadKeys(privateKeys);
  const wrapped = decodeWrapped(encryptionHeader, keys);

  const value = isPlainObject(body) ? body['value'] : undefined;
  if (typeof value !== 'string' || value === '') throw new BodyDecryptError('body_value_missing');
  const sealed = strictBase64(value);
  if (!sealed || sealed.length < MIN_VALUE_BYTES) throw new BodyDecryptError('body_value_invalid');
  const iv = sealed.subarray(0, IV_BYTES);
  const ciphertext = sealed.subarray(IV_BYTES, sealed.length - TAG_BYTES);
  const tag = sealed.subarray(sealed.length - TAG_BYTES);

  let unwrapped = false;
  let plaintext: Buffer | undefined;
  for (const key of keys) {
    const aesKey = rsaUnwrap(key, wrapped);
    if (!aesKey || aesKey.length !== AES_KEY_BYTES) continue;
    unwrapped = true;
    plaintext = openGcm(aesKey, iv, ciphertext, tag);
    aesKey.fill(0);
    // A wrong key that happened to unwrap cleanly fails the tag: go on to the next key.
    if (plaintext) break;
  }
  if (!plaintext) throw new BodyDecryptError(unwrapped ? 'ciphertext_invalid' : 'key_unwrap_failed');
  return parsePayload(plaintext);
}

/**
 * Unwraps an RSA-OAEP-SHA256 value (base64) with the first key that works: used by the free-play
 * call whose Encryption header wraps 32 random characters. Returns the plaintext string.
 */
export function unwrapRsa(base64: string | undefined, privateKeys: readonly string[]): string {
  const keys = loadKeys(privateKeys);
  const wrapped = decodeWrapped(base64, keys);
  for (const key of keys) {
    const plain = rsaUnwrap(key, wrapped);
    if (!plain) continue;
    try {
      return utf8.decode(plain);
    } catch {
      // Not text: not what a client wraps, whichever key produced it.
    }
  }
  throw new BodyDecryptError('key_unwrap_failed');
}

/**
 * Test and client-side helper that performs the exact client steps in Node, so server tests can
 * build valid requests.
 */
export function encryptBodyForTest(
  publicKeyPem: string,
  payload: unknown,
): { header: string; body: { value: string } } {
  const json = JSON.stringify(payload) as string | undefined;
  if (json === undefined) throw new TypeError('The payload cannot be serialised to JSON.');
  const aesKey = randomBytes(AES_KEY_BYTES);
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', aesKey, iv, { authTagLength: TAG_BYTES });
  const ciphertext = Buffer.concat([cipher.update(json, 'utf8'), cipher.final()]);
  const wrapped = publicEncrypt(
    { key: publicKeyPem, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
    aesKey,
  );
  return {
    header: wrapped.toString('base64'),
    body: { value: Buffer.concat([iv, ciphertext, cipher.getAuthTag()]).toString('base64') },
  };
}

// ---------------------------------------------------------------------------------------------

const utf8 = new TextDecoder('utf-8', { fatal: true });

interface LoadedKey {
  key: KeyObject;
  /** Modulus length in bytes: the exact size of anything it can unwrap. */
  size: number;
}

/** Parsed private keys by PEM, so a PEM is not re-parsed on every request. */
const keyCache = new Map<string, LoadedKey | null>();
const KEY_CACHE_LIMIT = 16;

function loadKeys(pems: readonly string[]): LoadedKey[] {
  const keys: LoadedKey[] = [];
  for (const pem of pems) {
    let loaded = keyCache.get(pem);
    if (loaded === undefined) {
      loaded = parsePrivateKey(pem);
      if (keyCache.size >= KEY_CACHE_LIMIT) {
        // Keys rotate: the oldest entry is the one no longer in use.
        const oldest = keyCache.keys().next();
        if (!oldest.done) keyCache.delete(oldest.value);
      }
      keyCache.set(pem, loaded);
    }
    // A PEM that does not parse as an RSA private key can unwrap nothing: it is skipped.
    if (loaded) keys.push(loaded);
  }
  return keys;
}

function parsePrivateKey(pem: string): LoadedKey | null {
  try {
    const key = createPrivateKey(pem);
    const bits = key.asymmetricKeyType === 'rsa' ? key.asymmetricKeyDetails?.modulusLength : undefined;
    return bits ? { key, size: Math.ceil(bits / 8) } : null;
  } catch {
    return null;
  }
}

/** The header's bytes, which must be exactly one RSA block of one of the keys. */
function decodeWrapped(header: string | undefined, keys: readonly LoadedKey[]): Buffer {
  if (header === undefined || header === '') throw new BodyDecryptError('encryption_header_missing');
  const wrapped = strictBase64(header);
  const sizes = keys.length > 0 ? keys.map((k) => k.size) : [RSA_BITS / 8];
  if (!wrapped || !sizes.includes(wrapped.length)) throw new BodyDecryptError('encryption_header_invalid');
  return wrapped;
}

function rsaUnwrap({ key, size }: LoadedKey, wrapped: Buffer): Buffer | undefined {
  if (wrapped.length !== size) return undefined;
  try {
    return privateDecrypt({ key, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' }, wrapped);
  } catch {
    return undefined;
  }
}

function openGcm(aesKey: Buffer, iv: Buffer, ciphertext: Buffer, tag: Buffer): Buffer | undefined {
  try {
    const decipher = createDecipheriv('aes-256-gcm', aesKey, iv, { authTagLength: TAG_BYTES });
    decipher.setAuthTag(tag);
    return Buffer.concat([decipher.update(ciphertext), decipher.final()]);
  } catch {
    return undefined;
  }
}

/** The payload is the UTF-8 JSON of an object or an array. */
function parsePayload(plaintext: Buffer): unknown {
  let parsed: unknown;
  try {
    parsed = JSON.parse(utf8.decode(plaintext));
  } catch {
    throw new BodyDecryptError('payload_not_json');
  }
  if (typeof parsed !== 'object' || parsed === null) throw new BodyDecryptError('payload_not_json');
  return parsed;
}

const BASE64_CHARS = /^[A-Za-z0-9+/]*={0,2}$/;

/**
 * Standard, padded base64 and nothing else: Buffer.from(…, 'base64') silently skips junk, so the
 * text is checked first and must also be canonical (re-encoding gives the same text).
 */
function strictBase64(text: string): Buffer | undefined {
  if (text.length % 4 !== 0 || !BASE64_CHARS.test(text)) return undefined;
  const bytes = Buffer.from(text, 'base64');
  return bytes.toString('base64') === text ? bytes : undefined;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
