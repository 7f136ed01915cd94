import { fireEvent, screen, waitFor } from '@testing-library/react';
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
import { captureInvitationCodes } from '../lib/invitation';
import { RegisterPanel } from './register-panel';

const countries = [
  { countryCode: 'MY', countryDialingCode: '60' },
  { countryCode: 'SG', countryDialingCode: '65' },
];

let key: TestKey;
beforeAll(async () => {
  key = await createTestKey();
});

function renderPanel(modes: ('mobile' | 'username')[], onRegistered = vi.fn()) {
  const status = statusFixture();
  const rules = {
    ...status.info.register,
    affiliateCode: { ...status.info.register.affiliateCode, enabled: true, minLength: 4, maxLength: 16 },
  };
  renderWithProviders(
    <RegisterPanel rules={rules} modes={modes} ageLimit={18} onRegistered={onRegistered} />,
    status,
  );
  return onRegistered;
}

describe('RegisterPanel', () => {
  it('sends mobile mode to registerMobile with the dialing code and the fields the original added', async () => {
    captureInvitationCodes('?code=AGENT01');
    const api = stubApi(
      {
        systemCountry: () => ok(countries),
        smsRegisterCode: () => ok({ expiredMinutes: 1 }),
        registerMobile: () => ok(loginReply({ token: 'tok-new', userName: '123456789' })),
        memberInfo: () => ok(memberInfo({ account: '123456789' })),
      },
      key,
    );
    const onRegistered = renderPanel(['mobile', 'username']);

    const dialing = await screen.findByRole('combobox', { name: 'Country code' });
    await waitFor(() => expect(dialing).toHaveValue('60'));
    await userEvent.selectOptions(dialing, '65');
    await userEvent.type(screen.getByLabelText(/^Mobile number/), '123456789');
    await userEvent.click(screen.getByRole('button', { name: 'Send code' }));
    await waitFor(() => expect(api.calls('smsRegisterCode')).toHaveLength(1));
    expect(api.calls('smsRegisterCode')[0]!.body).toEqual({
      mobileNum: '123456789',
      countryDialingCode: '65',
      regType: 'mobile',
    });
    await userEvent.type(screen.getByLabelText(/^SMS code/), '123456');
    await userEvent.type(screen.getByLabelText(/^Password/), 'secret123');
    await userEvent.type(screen.getByLabelText(/^Confirm password/), 'secret123');
    // Prefilled from the landing URL's ?code=.
    expect(screen.getByLabelText(/^Invitation code/)).toHaveValue('AGENT01');
    await userEvent.click(screen.getByRole('checkbox'));
    await userEvent.click(screen.getByRole('button', { name: 'Register' }));

    await waitFor(() => expect(onRegistered).toHaveBeenCalledWith({ forcePasswordChange: false }));
    expect(api.calls('register')).toHaveLength(0);
    const [sent] = api.calls('registerMobile');
    expect(sent!.body).toMatchObject({
      mobileNum: '123456789',
      countryDialingCode: '65',
      verificationCode: '123456',
      password: 'secret123',
      confirmPassword: 'secret123',
      affiliateCode: 'AGENT01',
      registerMethod: 'WEB',
      domain: 'localhost',
      login: true,
    });
    expect((sent!.body as { registerUrl: string }).registerUrl).toMatch(/^http:\/\/localhost/);
    expect(sent!.body).not.toHaveProperty('username');
    expect(useSessionStore.getState().token).toBe('tok-new');
  });

  it('puts server field errors on their fields', async () => {
    stubApi(
      {
        register: () =>
          fail(409, 'account.exists', 'This account is already registered.', {
            fields: { username: 'taken' },
          }),
      },
      key,
    );
    renderPanel(['username']);
    await userEvent.type(screen.getByLabelText(/^Username/), 'player01');
    await userEvent.type(screen.getByLabelText(/^Password/), 'secret123');
    await userEvent.type(screen.getByLabelText(/^Confirm password/), 'secret123');
    await userEvent.click(screen.getByRole('checkbox'));
    await userEvent.click(screen.getByRole('button', { name: 'Register' }));

    expect(await screen.findByText('This is already registered')).toBeInTheDocument();
    expect(screen.getByLabelText(/^Username/)).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText('This account is already registered.')).toHaveAttribute('role', 'alert');
  });

  it('checks the invitation code on blur', async () => {
    stubApi({ affiliateCheck: () => fail(400, 'invitation_code_error', 'Invalid invitation code.') }, key);
    renderPanel(['username']);
    const field = screen.getByLabelText(/^Invitation code/);
    await userEvent.type(field, 'NOPE1');
    fireEvent.blur(field);
    expect(await screen.findByText('Invalid invitation code.')).toBeInTheDocument();
  });
});
