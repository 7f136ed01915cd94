import { memberTypes } from '@arcadia/contract';
import type { Kysely } from 'kysely';
import { hashPassword } from '../../lib/password.js';
import { createLedgerService } from '../../modules/ledger/ledger.service.js';
import { createMemberRepository } from '../../modules/member/member.repository.js';
import type { Database } from '../../db/schema.js';

/** The demo players, under the demo agent; they play the house games (modules/house/house.demo-play.ts). */
export const demoPlayers = [
  { account: 'demo-ava', nickname: 'Ava' },
  { account: 'demo-ben', nickname: 'Ben' },
  { account: 'demo-chen', nickname: 'Chen' },
  { account: 'demo-dina', nickname: 'Dina' },
  { account: 'demo-eli', nickname: 'Eli' },
  { account: 'demo-fay', nickname: 'Fay' },
] as const;

/** Each demo player's opening deposit, in major units. */
export const DEMO_PLAYER_DEPOSIT_MAJOR = 2_000n;

/**
 * The demo players (`demo-…`) under the demo agent, each with an opening deposit through the
 * ledger, so they can play the house games for real. The demo password is theirs too. Made once
 * (skipped when the first exists), by the demo play job's first run, after the server is ready:
 * never on the cold start's path.
 */
export async function seedDemoPlayers(
  db: Kysely<Database>,
  brand: { id: number; currency: string; currencyScale: number },
  agent: { account: string; password: string },
): Promise<boolean> {
  const members = createMemberRepository(db);
  const top = await members.findByAccount(brand.id, agent.account);
  if (!top || (await members.findByAccount(brand.id, demoPlayers[0].account))) return false;
  const passwordHash = await hashPassword(agent.password);
  const deposit = DEMO_PLAYER_DEPOSIT_MAJOR * 10n ** BigInt(brand.currencyScale);
  const ledger = createLedgerService(db);
  for (const p of demoPlayers) {
    const id = await members.insert({
      merchantId: brand.id,
      account: p.account,
      nickname: p.nickname,
      type: memberTypes.member,
      parentId: top.id,
      passwordHash,
      registerMethod: 'SEED',
      createdIp: null,
    });
    await ledger.transaction(async (tx) => {
      const clearing = await ledger.systemAccount(tx, brand.id, 'payments_clearing', brand.currency);
      const main = await ledger.memberAccount(tx, brand.id, id, 'main', 'MAIN', brand.currency);
      await ledger.post(
        {
          merchantId: brand.id,
          kind: 'DEPOSIT',
          idempotencyKey: `seed:${p.account}:opening-deposit`,
          request: { amount: deposit },
          memberId: id,
          reference: 'Demo opening deposit',
          entries: [
            { accountId: clearing, amount: -deposit },
            { accountId: main.id, amount: deposit },
          ],
        },
        tx,
      );
    });
  }
  return true;
}
