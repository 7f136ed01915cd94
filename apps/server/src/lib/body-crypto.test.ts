import {
  constants,
  createCipheriv,
  createHash,
  createPublicKey,
  publicEncrypt,
  randomBytes,
} from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import * as webClient from '../../../web/src/lib/body-crypto';
import {
  BodyDecryptError,
  type DecryptFailure,
  type RsaKeyPair,
  decryptBody,
  encryptBodyForTest,
  generateRsaKeyPair,
  unwrapRsa,
} from './body-crypto.js';

const BASE64_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

let current: RsaKeyPair;
let previous: RsaKeyPair;
let stranger: RsaKeyPair;

beforeAll(() => {
  current = generateRsaKeyPair();
  previous = generateRsaKeyPair();
  stranger = generateRsaKeyPair();
});

/** The reason decryptBody / unwrapRsa failed with; any other error fails the test. */
function reasonOf(run: () => unknown): DecryptFailure | 'no error' {
  try {
    run();
  } catch (error) {
    if (error instanceof BodyDecryptError) return error.reason;
    throw error;
  }
  return 'no error';
}

function oaep(publicKeyPem: string, data: Buffer): string {
  return publicEncrypt(
    { key: publicKeyPem, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
    data,
  ).toString('base64');
}

/** The client steps with an arbitrary plaintext, to reach the checks behind the cipher. */
function sealRaw(publicKeyPem: string, plaintext: Buffer): { header: string; body: { value: string } } {
  const aesKey = randomBytes(32);
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', aesKey, iv);
  const ciphertext = Buffer.concat([cipher.update(plaintext), cipher.final()]);
  return {
    header: oaep(publicKeyPem, aesKey),
    body: { value: Buffer.concat([iv, ciphertext, cipher.getAuthTag()]).toString('base64') },
  };
}

function flipByte(base64: string, index: number): string {
  const bytes = Buffer.from(base64, 'base64');
  const at = index < 0 ? bytes.length + index : index;
  bytes[at] = (bytes[at] ?? 0) ^ 0x01;
  return bytes.toString('base64');
}

describe('generateRsaKeyPair', () => {
  it('makes a 2048-bit key whose id is the start of the SPKI DER hash', () => {
    expect(current.publicKeyPem).toContain('-----BEGIN PUBLIC KEY-----');
    expect(current.privateKeyPem).toContain('-----BEGIN PRIVATE KEY-----');
    const publicKey = createPublicKey(current.publicKeyPem);
    expect(publicKey.asymmetricKeyDetails?.modulusLength).toBe(2048);
    const der = publicKey.export({ type: 'spki', format: 'der' });
    expect(current.keyId).toBe(createHash('sha256').update(der).digest('hex').slice(0, 16));
    expect(current.keyId).toMatch(/^[0-9a-f]{16}$/);
    expect(current.keyId).not.toBe(previous.keyId);
    expect(current.createdAt).toBeInstanceOf(Date);
  });
});

describe('decryptBody', () => {
  it.each([
    ['a login', { account: 'alice', password: 'correct horse battery staple' }],
    ['unicode', { name: 'Zoë 张伟 🎰', note: 'émoji 👍🏽 and \u0000 nul, "quotes" \\ backslash' }],
    ['nested', { a: [1, 2, { b: { c: [true, false, null] } }], d: { e: { f: 1.5e-7 } } }],
    ['an array', [1, 'two', { three: 3 }]],
    ['an empty object', {}],
    ['a large payload', { blob: 'x'.repeat(512 * 1024) }],
  ])('round-trips %s', (_name, payload) => {
    const { header, body } = encryptBodyForTest(current.publicKeyPem, payload);
    expect(decryptBody(header, body, [current.privateKeyPem])).toEqual(payload);
  });

  it('uses a fresh key and IV for every request', () => {
    const a = encryptBodyForTest(current.publicKeyPem, { same: true });
    const b = encryptBodyForTest(current.publicKeyPem, { same: true });
    expect(a.header).not.toBe(b.header);
    expect(a.body.value).not.toBe(b.body.value);
  });

  it('accepts the previous key during the grace period, whichever comes first', () => {
    const fromOldPage = encryptBodyForTest(previous.publicKeyPem, { grace: 'old' });
    const fromNewPage = encryptBodyForTest(current.publicKeyPem, { grace: 'new' });
    const keys = [current.privateKeyPem, previous.privateKeyPem];
    expect(decryptBody(fromOldPage.header, fromOldPage.body, keys)).toEqual({ grace: 'old' });
    expect(decryptBody(fromNewPage.header, fromNewPage.body, keys)).toEqual({ grace: 'new' });
    expect(decryptBody(fromNewPage.header, fromNewPage.body, [...keys].reverse())).toEqual({ grace: 'new' });
  });

  it('skips a private key that does not parse instead of throwing', () => {
    const { header, body } = encryptBodyForTest(current.publicKeyPem, { ok: 1 });
    expect(decryptBody(header, body, ['not a pem', current.privateKeyPem])).toEqual({ ok: 1 });
    expect(reasonOf(() => decryptBody(header, body, ['not a pem']))).toBe('key_unwrap_failed');
    expect(reasonOf(() => decryptBody(header, body, []))).toBe('key_unwrap_failed');
  });

  describe('failures', () => {
    let valid: { header: string; body: { value: string } };
    let keys: string[];
    beforeAll(() => {
      valid = encryptBodyForTest(current.publicKeyPem, { account: 'alice' });
      keys = [current.privateKeyPem];
    });

    it('encryption_header_missing: no header, or an empty one', () => {
      expect(reasonOf(() => decryptBody(undefined, valid.body, keys))).toBe('encryption_header_missing');
      expect(reasonOf(() => decryptBody('', valid.body, keys))).toBe('encryption_header_missing');
    });

    it.each([
      ['not base64 at all', () => 'this is not base64!'],
      ['a junk character inside', () => `${valid.header.slice(0, 10)}*${valid.header.slice(11)}`],
      ['whitespace inside', () => `${valid.header.slice(0, 10)} ${valid.header.slice(11)}`],
      ['base64url alphabet', () => valid.header.replace(/\+/g, '-').replace(/\//g, '_')],
      ['missing padding', () => valid.header.replace(/=+$/, '')],
      [
        'non-canonical padding bits',
        // 256 bytes end in one byte over 'X==': X's low 4 bits are unused and must be zero.
        () =>
          valid.header.replace(
            /(.)==$/,
            (_m, c: string) => `${BASE64_ALPHABET[BASE64_ALPHABET.indexOf(c) ^ 1]}==`,
          ),
      ],
      ['too short (128 bytes)', () => randomBytes(128).toString('base64')],
      ['one byte short', () => randomBytes(255).toString('base64')],
      ['one byte long', () => randomBytes(257).toString('base64')],
    ])('encryption_header_invalid: %s', (_name, header) => {
      const value = header();
      expect(value).not.toBe(valid.header);
      expect(reasonOf(() => decryptBody(value, valid.body, keys))).toBe('encryption_header_invalid');
    });

    it.each([
      ['no body', undefined],
      ['null', null],
      ['a string', 'abc'],
      ['an array', ['QUJD']],
      ['an object without value', { data: 'x' }],
      ['a numeric value', { value: 42 }],
      ['an empty value', { value: '' }],
    ])('body_value_missing: %s', (_name, body) => {
      expect(reasonOf(() => decryptBody(valid.header, body, keys))).toBe('body_value_missing');
    });

    it.each([
      ['too short (iv + tag, no ciphertext)', () => randomBytes(12 + 16).toString('base64')],
      ['not base64', () => `${valid.body.value.slice(0, -4)}!!!!`],
      ['a junk character inside', () => `${valid.body.value.slice(0, 5)}%${valid.body.value.slice(6)}`],
    ])('body_value_invalid: %s', (_name, value) => {
      expect(reasonOf(() => decryptBody(valid.header, { value: value() }, keys))).toBe('body_value_invalid');
    });

    it('accepts the shortest well-formed value (one byte of ciphertext)', () => {
      // '1' is one byte of JSON, but not an object: it gets past the length check and stops at the payload.
      const sealed = sealRaw(current.publicKeyPem, Buffer.from('1'));
      expect(Buffer.from(sealed.body.value, 'base64')).toHaveLength(12 + 1 + 16);
      expect(reasonOf(() => decryptBody(sealed.header, sealed.body, keys))).toBe('payload_not_json');
    });

    it.each([
      ['a flipped IV byte', 0],
      ['a flipped ciphertext byte', 12],
      ['a flipped tag byte', -1],
      ['a flipped first tag byte', -16],
    ])('ciphertext_invalid: %s', (_name, index) => {
      const body = { value: flipByte(valid.body.value, index) };
      expect(reasonOf(() => decryptBody(valid.header, body, keys))).toBe('ciphertext_invalid');
    });

    it('ciphertext_invalid: the body of another request', () => {
      const other = encryptBodyForTest(current.publicKeyPem, { account: 'alice' });
      expect(reasonOf(() => decryptBody(valid.header, other.body, keys))).toBe('ciphertext_invalid');
    });

    it('key_unwrap_failed: the AES key was wrapped for another key pair', () => {
      const foreign = encryptBodyForTest(stranger.publicKeyPem, { account: 'alice' });
      expect(reasonOf(() => decryptBody(foreign.header, foreign.body, keys))).toBe('key_unwrap_failed');
      expect(
        reasonOf(() =>
          decryptBody(foreign.header, foreign.body, [current.privateKeyPem, previous.privateKeyPem]),
        ),
      ).toBe('key_unwrap_failed');
    });

    it('key_unwrap_failed: a tampered wrapped key', () => {
      expect(reasonOf(() => decryptBody(flipByte(valid.header, 100), valid.body, keys))).toBe(
        'key_unwrap_failed',
      );
    });

    it('key_unwrap_failed: the wrapped key is not 32 bytes', () => {
      const header = oaep(current.publicKeyPem, randomBytes(16));
      expect(reasonOf(() => decryptBody(header, valid.body, keys))).toBe('key_unwrap_failed');
    });

    it.each([
      ['plain text', Buffer.from('account=alice&password=x')],
      ['truncated JSON', Buffer.from('{"account":"alice"')],
      ['a JSON string', Buffer.from('"alice"')],
      ['a JSON number', Buffer.from('42')],
      ['JSON null', Buffer.from('null')],
      ['invalid UTF-8', Buffer.from([0x7b, 0x22, 0xff, 0xfe, 0x22, 0x3a, 0x31, 0x7d])],
    ])('payload_not_json: %s', (_name, plaintext) => {
      const sealed = sealRaw(current.publicKeyPem, plaintext);
      expect(reasonOf(() => decryptBody(sealed.header, sealed.body, keys))).toBe('payload_not_json');
    });

    it('is a BodyDecryptError with the reason in its message', () => {
      try {
        decryptBody(undefined, valid.body, keys);
        expect.unreachable();
      } catch (error) {
        expect(error).toBeInstanceOf(BodyDecryptError);
        expect(error).toBeInstanceOf(Error);
        expect((error as BodyDecryptError).name).toBe('BodyDecryptError');
        expect((error as BodyDecryptError).message).toContain('encryption_header_missing');
      }
    });
  });
});

describe('unwrapRsa', () => {
  it('round-trips 32 random characters, with the previous key too', () => {
    const nonce = randomBytes(24).toString('base64');
    expect(nonce).toHaveLength(32);
    const keys = [current.privateKeyPem, previous.privateKeyPem];
    expect(unwrapRsa(oaep(current.publicKeyPem, Buffer.from(nonce)), keys)).toBe(nonce);
    expect(unwrapRsa(oaep(previous.publicKeyPem, Buffer.from(nonce)), keys)).toBe(nonce);
  });

  it('fails with the same reasons as the header of a body', () => {
    const keys = [current.privateKeyPem];
    expect(reasonOf(() => unwrapRsa(undefined, keys))).toBe('encryption_header_missing');
    expect(reasonOf(() => unwrapRsa('', keys))).toBe('encryption_header_missing');
    expect(reasonOf(() => unwrapRsa('%%%%', keys))).toBe('encryption_header_invalid');
    expect(reasonOf(() => unwrapRsa(randomBytes(64).toString('base64'), keys))).toBe(
      'encryption_header_invalid',
    );
    const foreign = oaep(stranger.publicKeyPem, Buffer.from('x'.repeat(32)));
    expect(reasonOf(() => unwrapRsa(foreign, keys))).toBe('key_unwrap_failed');
  });
});

describe('the web client (WebCrypto) against the server', () => {
  it('runs on the global crypto.subtle', () => {
    expect(globalThis.crypto?.subtle).toBeDefined();
  });

  it.each([
    ['a login', { account: 'alice', password: 'p@ss w0rd' }],
    ['unicode', { name: 'Zoë 张伟 🎰 \u2028' }],
    ['nested', { a: [1, { b: [null, { c: 'd' }] }] }],
    ['an array', ['x', 1, false]],
  ])('encryptBody produces a request the server decrypts: %s', async (_name, payload) => {
    const key = await webClient.importPublicKey({ keyId: current.keyId, publicKey: current.publicKeyPem });
    const { header, body } = await webClient.encryptBody(key, payload);
    expect(Buffer.from(header, 'base64')).toHaveLength(256);
    expect(decryptBody(header, body, [current.privateKeyPem, previous.privateKeyPem])).toEqual(payload);
  });

  it('the previous key still works from a page that loaded it', async () => {
    const key = await webClient.importPublicKey({ keyId: previous.keyId, publicKey: previous.publicKeyPem });
    const { header, body } = await webClient.encryptBody(key, { old: true });
    expect(decryptBody(header, body, [current.privateKeyPem, previous.privateKeyPem])).toEqual({ old: true });
  });

  it('caches the imported key per keyId', async () => {
    const info = { keyId: current.keyId, publicKey: current.publicKeyPem };
    const a = await webClient.importPublicKey(info);
    const b = await webClient.importPublicKey(info);
    expect(b).toBe(a);
    const other = await webClient.importPublicKey({
      keyId: previous.keyId,
      publicKey: previous.publicKeyPem,
    });
    expect(other).not.toBe(a);
  });

  it('rejects a public key that is not an SPKI PEM', async () => {
    await expect(webClient.importPublicKey({ keyId: 'bad', publicKey: 'nope' })).rejects.toThrow();
  });

  it('wrapRandomNonce wraps 32 random characters the server unwraps', async () => {
    const key = await webClient.importPublicKey({ keyId: current.keyId, publicKey: current.publicKeyPem });
    const first = unwrapRsa(await webClient.wrapRandomNonce(key), [
      previous.privateKeyPem,
      current.privateKeyPem,
    ]);
    const second = unwrapRsa(await webClient.wrapRandomNonce(key), [current.privateKeyPem]);
    expect(first).toMatch(/^[A-Za-z0-9]{32}$/);
    expect(second).toMatch(/^[A-Za-z0-9]{32}$/);
    expect(first).not.toBe(second);
  });
});
