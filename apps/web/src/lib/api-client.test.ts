import { beforeAll, describe, expect, it } from 'vitest';
import { type TestKey, createTestKey, fail, ok, stubApi } from '../test/api-stub';
import { ApiError, call } from './api-client';

let key: TestKey;
beforeAll(async () => {
  key = await createTestKey();
});

describe('call', () => {
  it('fetches the key once and sends encrypted routes as { value } with an Encryption header', async () => {
    const api = stubApi({ changePassword: () => ok({ changed: true }) }, key);
    const body = { oldPassword: 'a1234567', newPassword: 'b1234567', confirmNewPassword: 'b1234567' };
    await call('changePassword', { body });
    await call('changePassword', { body });
    expect(api.calls('sessionKey')).toHaveLength(1);
    expect(api.calls('changePassword').map((r) => r.body)).toEqual([body, body]);
    // A fresh AES key per request: the same payload never gives the same envelope.
    const [a, b] = api.calls('changePassword');
    expect(a!.headers.Encryption).not.toBe(b!.headers.Encryption);
  });

  it('refetches the key and retries once after request_decrypt_failed, with a new envelope', async () => {
    const decryptFailed = fail(400, 'request_decrypt_failed', 'The encrypted request could not be read.', {
      reason: 'key_unwrap_failed',
    });
    let failures = 1;
    const api = stubApi(
      {
        sessionLogin: () =>
          failures-- > 0
            ? decryptFailed
            : ok({
                token: 't',
                id: '1',
                userName: 'u',
                nickname: null,
                customerType: 0,
                firstTimeLogin: false,
                passwordExpired: false,
                mustChangePassword: false,
              }),
      },
      key,
    );
    await expect(call('sessionLogin', { body: { username: 'u', password: 'p' } })).resolves.toMatchObject({
      token: 't',
    });
    expect(api.calls('sessionKey')).toHaveLength(2);
    const [first, second] = api.calls('sessionLogin');
    expect(second!.headers.Encryption).not.toBe(first!.headers.Encryption);

    // Only once: a second failure is the caller's.
    failures = 2;
    await expect(call('sessionLogin', { body: { username: 'u', password: 'p' } })).rejects.toMatchObject({
      code: 'request_decrypt_failed',
    });
    expect(api.calls('sessionLogin')).toHaveLength(4);
  });

  it('sends form routes form-encoded', async () => {
    const api = stubApi({ forgotByEmail: () => ok({ message: 'in_been_out' }) });
    await expect(
      call('forgotByEmail', { body: { username: 'alice', email: 'a@example.com' } }),
    ).resolves.toEqual({
      message: 'in_been_out',
    });
    expect(api.calls('forgotByEmail')[0]!.headers['Content-Type']).toMatch(
      /^application\/x-www-form-urlencoded/,
    );
    expect(api.calls('forgotByEmail')[0]!.body).toEqual({ username: 'alice', email: 'a@example.com' });
  });

  it('passes extra headers and rejects with ApiError carrying code, status and value', async () => {
    const api = stubApi({
      sessionFreePlay: () =>
        fail(403, 'function.disabled', 'This function is not enabled.', { module: 'FREEPLAY3' }),
    });
    const error = await call('sessionFreePlay', {
      body: { platform: 'W' },
      headers: { 'X-Gateway-Version': '3', Encryption: 'abc=' },
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ code: 'function.disabled', status: 403, value: { module: 'FREEPLAY3' } });
    expect(api.calls('sessionFreePlay')[0]!.headers).toMatchObject({
      'X-Gateway-Version': '3',
      Encryption: 'abc=',
    });
  });
});
