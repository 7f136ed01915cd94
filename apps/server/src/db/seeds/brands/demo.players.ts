import { memberTypes } from '@arcadia/contract';
import type { Kysely } from 'kysely';
import { hashPassword } from '../../../lib/password.js';
import { createLedgerService } from '../../../modules/ledger/ledger.service.js';
import { createMemberRepository } from '../../../modules/member/member.repository.js';
import { DEMO_PLAYER_DEPOSIT_MAJOR, demoPlayers } from '../../../modules/house/house.demo-play.js';
import type { Database } from '../../schema.js';

/**
 * The demo players (`demo-…`, modules/house/house.demo-play.ts) under the demo agent, each with
 * an opening deposit through the ledger, so they can play the house games for real. The demo
 * password is theirs too. Seeded once (skipped when the first exists).
 */
export async function seedDemoPlayers(
  db: Kysely<Database>,
  brand: { id: number; currency: string; currency_scale: number },
  agent: { account: string; password: string },
): Promise<boolean> {
  const members = createMemberRepository(db);
  const top = await members.findByAccount(brand.id, agent.account);
  if (!top || (await members.findByAccount(brand.id, demoPlayers[0].account))) return false;
  const passwordHash = await hashPassword(agent.password);
  const deposit = DEMO_PLAYER_DEPOSIT_MAJOR * 10n ** BigInt(brand.currency_scale);
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
