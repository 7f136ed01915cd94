import { AppError } from '../../lib/app-error.js';
import type { Brand } from '../brand/index.js';
import type { DemoGateway } from './demo-gateway.js';
import { limitMinor } from './payments.shared.js';

/*
 * What a deposit must satisfy (docs/api.md "Deposits"), in the order
 * `payments.deposits.service.ts` checks it: money movement is on for the brand (not a credit
 * market), the channel is one of the brand's (the demo gateway only when it runs), the amount is
 * within the channel's min and max, and — in the deposit's transaction, before it is recorded —
 * responsible gaming's deposit guard (breaks and deposit limits, `depositGuard`).
 */

/** The brand's deposit channels members may use (the demo gateway's only when it is on). */
export function depositChannels(brand: Brand, gateway: DemoGateway | null) {
  return brand.settings.payments.channels.filter((c) => c.kind !== 'DEMO_GATEWAY' || gateway !== null);
}

/** The channel a deposit names (`payment.channel.unknown`). */
export function depositChannel(brand: Brand, gateway: DemoGateway | null, code: string) {
  const channel = depositChannels(brand, gateway).find((c) => c.code === code.toUpperCase());
  if (!channel) throw new AppError('payment.channel.unknown', { channel: code });
  return channel;
}

/** The amount within the channel's limits (`deposit.limit`). */
export function checkDepositLimits(brand: Brand, channel: { min: number; max: number }, amount: bigint) {
  const min = limitMinor(channel.min, brand.currencyScale);
  const max = limitMinor(channel.max, brand.currencyScale);
  if (amount < min || amount > max) {
    throw new AppError('deposit.limit', { min: channel.min, max: channel.max });
  }
}
