import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSessionStore } from '../../../lib/session-store';
import { type TestKey, createTestKey, fail, ok, stubApi } from '../../../test/api-stub';
import { renderWithProviders } from '../../../test/render';
import { statusFixture } from '../../../test/status-fixture';
import { PaymentPasswordCard } from './payment-password-card';

let key: TestKey;
beforeAll(async () => {
  key = await createTestKey();
});
beforeEach(() => {
  useSessionStore.getState().setToken('tok-1');
});

async function fill(login: string, next: string, confirm: string) {
  await userEvent.type(screen.getByLabelText(/^Login password/), login);
  await userEvent.type(screen.getByLabelText(/^New payment password/), next);
  await userEvent.type(screen.getByLabelText(/^Confirm payment password/), confirm);
  await userEvent.click(screen.getByRole('button', { name: 'Save' }));
}

describe('PaymentPasswordCard', () => {
  it('checks the fields, then sets the payment password with an encrypted body', async () => {
    let attempts = 0;
    const api = stubApi(
      {
        setPaymentPassword: () =>
          ++attempts === 1
            ? fail(400, 'password.old.invalid', 'x', { fields: { password: 'invalid' } })
            : ok({ set: true }),
      },
      key,
    );
    const onSaved = vi.fn();
    renderWithProviders(
      <PaymentPasswordCard hasPaymentPassword={false} onSaved={onSaved} />,
      statusFixture(),
    );
    expect(screen.getByText('Not set')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Set payment password' }));
    await fill('demo1234', '12345', '54321');
    expect(screen.getByText('Enter 6 - 128 characters.')).toBeInTheDocument();
    expect(screen.getByText('The two payment passwords do not match.')).toBeInTheDocument();
    expect(api.calls('setPaymentPassword')).toHaveLength(0);

    await userEvent.clear(screen.getByLabelText(/^New payment password/));
    await userEvent.clear(screen.getByLabelText(/^Confirm payment password/));
    await userEvent.type(screen.getByLabelText(/^New payment password/), '654321');
    await userEvent.type(screen.getByLabelText(/^Confirm payment password/), '654321');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The login password is incorrect.')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(api.calls('setPaymentPassword')[1]!.body).toEqual({
      password: 'demo1234',
      newPaymentPassword: '654321',
      confirmPaymentPassword: '654321',
    });
    expect(api.calls('setPaymentPassword')[1]!.headers.Encryption).toBeTruthy();
  });
});
