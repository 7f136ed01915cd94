import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { useSessionStore } from '../../../lib/session-store';
import {
  type TestKey,
  createTestKey,
  fail,
  loginReply,
  memberInfo,
  ok,
  stubApi,
} from '../../../test/api-stub';
import { renderWithProviders } from '../../../test/render';
import { statusFixture } from '../../../test/status-fixture';
import { LoginPanel } from './login-panel';

// A 1×1 PNG, as `GET /wps/captcha` answers (base64, no data: prefix).
const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';
const countries = [
  { countryCode: 'MY', countryDialingCode: '60' },
  { countryCode: 'SG', countryDialingCode: '65' },
];

let key: TestKey;
beforeAll(async () => {
  key = await createTestKey();
});

function renderPanel(onLoggedIn = vi.fn()) {
  renderWithProviders(<LoginPanel onLoggedIn={onLoggedIn} />, statusFixture());
  return onLoggedIn;
}

async function fillAndSubmit(username = 'demoplayer', password = 'demo1234') {
  await userEvent.type(screen.getByLabelText(/^Username/), username);
  await userEvent.type(screen.getByLabelText(/^Password/), password);
  await userEvent.click(screen.getByRole('button', { name: 'Log in' }));
}

describe('LoginPanel', () => {
  it('logs in with an encrypted body, stores the token and the session items, then loads member info', async () => {
    const api = stubApi(
      {
        sessionLogin: () => ok(loginReply({ token: 'tok-abc', nickname: null })),
        memberInfo: () => ok(memberInfo({ nickname: 'Lucky' })),
      },
      key,
    );
    const onLoggedIn = renderPanel();
    await fillAndSubmit();

    await waitFor(() => expect(onLoggedIn).toHaveBeenCalledWith({ forcePasswordChange: false }));
    const [login] = api.calls('sessionLogin');
    expect(login!.body).toEqual({ username: 'demoplayer', password: 'demo1234', type: 'username' });
    expect(login!.headers.Encryption).toMatch(/^[A-Za-z0-9+/]+={0,2}$/);
    expect(api.calls('sessionKey')).toHaveLength(1);
    expect(api.calls('memberInfo')[0]!.headers.Authorization).toBe('tok-abc');

    expect(useSessionStore.getState()).toMatchObject({ token: 'tok-abc', isLogin: true, isTrial: false });
    expect(sessionStorage.getItem('token')).toBe('tok-abc');
    expect(sessionStorage.getItem('account')).toBe('demoplayer');
    expect(sessionStorage.getItem('username')).toBe('demoplayer');
    expect(sessionStorage.getItem('customerId')).toBe('1001');
    expect(sessionStorage.getItem('isAgent')).toBe('0');
    // Member info is the authority once loaded.
    expect(sessionStorage.getItem('nickname')).toBe('Lucky');
  });

  it('shows the captcha after a failure that asks for one, and sends the answer next time', async () => {
    let attempts = 0;
    const api = stubApi(
      {
        sessionLogin: () =>
          ++attempts === 1
            ? fail(401, 'login.failed', 'Account or password incorrect.', { captcha: true })
            : ok(loginReply()),
        captcha: () => ok(PNG),
        memberInfo: () => ok(memberInfo()),
      },
      key,
    );
    const onLoggedIn = renderPanel();
    await fillAndSubmit('demoplayer', 'wrong-one');

    expect(await screen.findByRole('alert')).toHaveTextContent('Account or password incorrect.');
    const image = await screen.findByRole('img', { name: 'Captcha image' });
    expect(image).toHaveAttribute('src', `data:image/png;base64,${PNG}`);
    await userEvent.type(screen.getByLabelText(/^Captcha/), 'PASS9');
    await userEvent.click(screen.getByRole('button', { name: 'Log in' }));

    await waitFor(() => expect(onLoggedIn).toHaveBeenCalled());
    expect(api.calls('sessionLogin')[1]!.body).toMatchObject({ captcha: 'PASS9' });
  });

  it('asks for the second factor when the login says login_verify_required', async () => {
    const api = stubApi(
      {
        sessionLogin: () =>
          fail(403, 'login_verify_required', 'Please complete the additional verification.', {
            verifyToken: 'v'.repeat(32),
            methods: ['SMS', 'EMAIL'],
          }),
        sessionLoginVerification: ({ body }) =>
          (body as { code: string }).code === '' ? ok({ expiredMinutes: 5 }) : ok(loginReply()),
        memberInfo: () => ok(memberInfo()),
      },
      key,
    );
    const onLoggedIn = renderPanel();
    await fillAndSubmit();

    expect(await screen.findByRole('heading', { name: 'Verify it’s you' })).toBeInTheDocument();
    expect(screen.getByText(/logging in from a new location/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('radio', { name: 'Email to your bound address' }));
    await userEvent.click(screen.getByRole('button', { name: 'Send code' }));
    await waitFor(() => expect(api.calls('sessionLoginVerification')).toHaveLength(1));
    expect(api.calls('sessionLoginVerification')[0]!.body).toEqual({
      verifyToken: 'v'.repeat(32),
      method: 'EMAIL',
      code: '',
    });

    await userEvent.type(screen.getByLabelText(/^Verification code/), '123456');
    await userEvent.click(screen.getByRole('button', { name: 'Log in' }));
    await waitFor(() => expect(onLoggedIn).toHaveBeenCalledWith({ forcePasswordChange: false }));
    expect(api.calls('sessionLoginVerification')[1]!.body).toMatchObject({ code: '123456' });
  });

  it('disables the SMS Send button for expiredMinutes × 60 s and counts down', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const api = stubApi(
      { systemCountry: () => ok(countries), smsLoginCode: () => ok({ expiredMinutes: 2 }) },
      key,
    );
    renderPanel();
    fireEvent.click(screen.getByRole('tab', { name: 'SMS code' }));
    fireEvent.change(screen.getByLabelText(/^Mobile number/), { target: { value: '123456789' } });
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Country code' })).toHaveValue('60'));
    fireEvent.click(screen.getByRole('button', { name: 'Send code' }));

    const counting = await screen.findByRole('button', { name: 'Resend in 120 s' });
    expect(counting).toBeDisabled();
    expect(api.calls('smsLoginCode')[0]!.body).toEqual({ mobileNum: '123456789', countryDialingCode: '60' });
    await act(async () => {
      await vi.advanceTimersByTimeAsync(5_000);
    });
    expect(screen.getByRole('button', { name: 'Resend in 115 s' })).toBeDisabled();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(115_000);
    });
    expect(screen.getByRole('button', { name: 'Send code' })).toBeEnabled();
  });

  it('opens the forced change when the reply says mustChangePassword, deferring the first-login action', async () => {
    const api = stubApi(
      {
        sessionLogin: () => ok(loginReply({ mustChangePassword: true, firstTimeLogin: true })),
        memberInfo: () => ok(memberInfo()),
        memberFirstLogin: () => ok({ firstTimeLogin: false }),
      },
      key,
    );
    const onLoggedIn = renderPanel();
    await fillAndSubmit();
    await waitFor(() => expect(onLoggedIn).toHaveBeenCalledWith({ forcePasswordChange: true }));
    expect(useSessionStore.getState().passwordChange).toBe('temporary');
    // The server refuses it until the password has changed.
    expect(api.calls('memberFirstLogin')).toHaveLength(0);
  });

  it('shows a rate limit with its wait time', async () => {
    stubApi(
      {
        sessionLogin: () =>
          fail(429, 'TOO_MANY_REQUESTS', 'Too many requests, please try again later.', {
            retryAfterSeconds: 42,
          }),
      },
      key,
    );
    renderPanel();
    await fillAndSubmit();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Too many requests, please try again in 42 seconds.',
    );
  });
});
