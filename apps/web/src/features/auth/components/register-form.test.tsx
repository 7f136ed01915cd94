import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { statusFixture } from '../../../test/status-fixture';
import { RegisterForm } from './register-form';

const rules = statusFixture().info.register;

describe('RegisterForm', () => {
  it('checks fields with the server rules and shows the pattern message with its bounds', async () => {
    const onSubmit = vi.fn();
    render(<RegisterForm rules={rules} modes={['username']} ageLimit={18} onSubmit={onSubmit} />);
    await userEvent.type(screen.getByLabelText(/^Username/), '1ab');
    await userEvent.type(screen.getByLabelText(/^Password/), 'short');
    await userEvent.type(screen.getByLabelText(/^Confirm password/), 'different');
    await userEvent.click(screen.getByRole('button', { name: 'Register' }));

    expect(
      screen.getByText(/Please enter 4 - 16 characters, the first character must be a letter/),
    ).toBeInTheDocument();
    expect(
      screen.getByText(/Please enter 8 - 20 characters combining letters and numbers/),
    ).toBeInTheDocument();
    expect(screen.getByText('Incorrect confirmation input')).toBeInTheDocument();
    expect(screen.getByText('not empty?')).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('submits trimmed-valid values once every rule passes and the terms are ticked', async () => {
    const onSubmit = vi.fn();
    render(<RegisterForm rules={rules} modes={['username']} ageLimit={18} onSubmit={onSubmit} />);
    await userEvent.type(screen.getByLabelText(/^Username/), 'player01');
    await userEvent.type(screen.getByLabelText(/^Password/), 'secret123');
    await userEvent.type(screen.getByLabelText(/^Confirm password/), 'secret123');
    await userEvent.click(screen.getByRole('checkbox'));
    await userEvent.click(screen.getByRole('button', { name: 'Register' }));
    expect(onSubmit).toHaveBeenCalledWith(
      'username',
      expect.objectContaining({ username: 'player01', password: 'secret123' }),
    );
  });

  it('shows only the fields the brand enables, and mobile mode asks for a mobile number', async () => {
    render(<RegisterForm rules={rules} modes={['mobile', 'username']} ageLimit={18} />);
    expect(screen.getByLabelText(/^Mobile number/)).toBeInTheDocument();
    expect(screen.queryByLabelText(/^Username/)).not.toBeInTheDocument();
    expect(screen.getByLabelText(/^Email/)).toBeInTheDocument();
    expect(screen.queryByLabelText(/^WeChat/)).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('tab', { name: 'Username' }));
    expect(screen.getByLabelText(/^Username/)).toBeInTheDocument();
  });
});
