// Encrypted request bodies, as the client builds them (docs/api.md "Encrypted bodies"; the
// server's encryptBodyForTest), for benches that call encrypted routes (login, register, …).
import crypto from 'node:crypto';
import { indent } from './common.mjs';
import { httpRequest } from './server.mjs';

/**
 * @typedef {object} Envelope
 * @property {string} header the Encryption header
 * @property {string} body the JSON body
 */

/**
 * The server's RSA public key (PEM), from GET /wps/session/key/rsa.
 * @param {number} port
 * @returns {Promise<string>}
 */
export async function fetchPublicKey(port) {
  const key = await httpRequest(port, 'GET', '/wps/session/key/rsa');
  const publicKey = /** @type {any} */ (key.json)?.value?.publicKey;
  if (key.status !== 200 || typeof publicKey !== 'string') {
    throw new Error(`GET /wps/session/key/rsa answered HTTP ${key.status}: ${key.text.slice(0, 500)}`);
  }
  return publicKey;
}

/**
 * A random AES-256 key wrapped with RSA-OAEP-SHA256, the JSON payload sealed with AES-256-GCM.
 * @param {string} publicKeyPem
 * @param {unknown} payload
 * @returns {Envelope}
 */
export function encryptBody(publicKeyPem, payload) {
  const aesKey = crypto.randomBytes(32);
  const iv = crypto.randomBytes(12);
  const cipher = crypto.createCipheriv('aes-256-gcm', aesKey, iv, { authTagLength: 16 });
  const ciphertext = Buffer.concat([cipher.update(JSON.stringify(payload), 'utf8'), cipher.final()]);
  const wrapped = crypto.publicEncrypt(
    { key: publicKeyPem, padding: crypto.constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
    aesKey,
  );
  return {
    header: wrapped.toString('base64'),
    body: JSON.stringify({ value: Buffer.concat([iv, ciphertext, cipher.getAuthTag()]).toString('base64') }),
  };
}

/** @param {Envelope} envelope */
export function envelopeHeaders(envelope) {
  return { 'content-type': 'application/json', encryption: envelope.header };
}

/**
 * The reply's `value` when it is a 2xx success envelope (`{ success: true, value }`); otherwise
 * fails with the reply.
 * @param {string} what the request, for the message
 * @param {{ status: number, text: string, json: unknown }} reply from httpRequest
 * @returns {any}
 */
export function expectOk(what, reply) {
  const json = /** @type {any} */ (reply.json);
  if (reply.status >= 200 && reply.status <= 299 && json?.success === true) return json.value;
  throw new Error(`${what} answered HTTP ${reply.status}:\n${indent(reply.text.slice(0, 2000))}`);
}

/**
 * A function that sends an encrypted request to the server and returns the reply's `value`
 * (see expectOk), with the member's session token when one is given.
 * @param {number} port
 * @param {string} publicKeyPem from fetchPublicKey
 * @returns {(method: 'POST' | 'PUT', urlPath: string, payload: unknown, token?: string) => Promise<any>}
 */
export function encryptedCaller(port, publicKeyPem) {
  return async (method, urlPath, payload, token) => {
    const envelope = encryptBody(publicKeyPem, payload);
    const headers = { ...envelopeHeaders(envelope), ...(token ? { authorization: token } : {}) };
    const reply = await httpRequest(port, method, urlPath, { headers, body: envelope.body });
    return expectOk(`${method} ${urlPath}`, reply);
  };
}
