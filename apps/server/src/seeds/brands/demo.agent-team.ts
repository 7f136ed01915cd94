import { memberTypes } from '@arcadia/contract';
import { type Kysely, sql } from 'kysely';
import { hashPassword } from '../../lib/password.js';
import { createLedgerService } from '../../modules/ledger/ledger.service.js';
import { createMemberRepository } from '../../modules/member/member.repository.js';
import type { Database } from '../../db/schema.js';

/**
 * A small team under the demo agent, so the demo agent centre has something to show: two
 * downline agents with members of their own, two direct members, opening deposits through the
 * ledger, an invitation link per downline agent, and a welcome announcement for agents.
 * Every account's password is the demo password. Seeded once (skipped when the first exists).
 */
const team = [
  {
    account: 'demonorth',
    nickname: 'North Agent',
    type: memberTypes.agentLevel2,
    parent: null,
    deposit: 50_000n,
  },
  {
    account: 'demosouth',
    nickname: 'South Agent',
    type: memberTypes.agentLevel2,
    parent: null,
    deposit: 30_000n,
  },
  { account: 'demoanna', nickname: 'Anna', type: memberTypes.member, parent: 'demonorth', deposit: 20_000n },
  {
    account: 'demobruno',
    nickname: 'Bruno',
    type: memberTypes.member,
    parent: 'demonorth',
    deposit: 15_000n,
  },
  { account: 'democarla', nickname: 'Carla', type: memberTypes.member, parent: 'demosouth', deposit: 8_000n },
  { account: 'demodavid', nickname: 'David', type: memberTypes.member, parent: null, deposit: 12_000n },
  { account: 'demoelena', nickname: 'Elena', type: memberTypes.member, parent: null, deposit: 0n },
] as const;

const announcements = [
  {
    language: 'EN',
    title: 'Welcome to the agent centre',
    content:
      '<p>Your team, its betting and its profit and loss are here. Invite members with your invitation links under <b>Register account</b>; transfers to your downlines need your payment password.</p>',
  },
  {
    language: 'ZH',
    title: '欢迎使用代理中心',
    content:
      '<p>团队、团队投注与盈亏都在这里。可在<b>注册账号</b>中使用邀请链接邀请会员；给下级转账需要输入支付密码。</p>',
  },
];

export async function seedDemoAgentTeam(
  db: Kysely<Database>,
  brand: { id: number; currency: string },
  agent: { account: string; password: string },
): Promise<boolean> {
  const members = createMemberRepository(db);
  const top = await members.findByAccount(brand.id, agent.account);
  if (!top || (await members.findByAccount(brand.id, team[0].account))) return false;
  const passwordHash = await hashPassword(agent.password);
  const ids = new Map<string, string>();
  const ledger = createLedgerService(db);
  for (const m of team) {
    const id = await members.insert({
      merchantId: brand.id,
      account: m.account,
      nickname: m.nickname,
      type: m.type,
      parentId: m.parent ? ids.get(m.parent)! : top.id,
      passwordHash,
      registerMethod: 'SEED',
      createdIp: null,
    });
    ids.set(m.account, id);
    if (m.deposit > 0n) {
      await ledger.transaction(async (tx) => {
        const clearing = await ledger.systemAccount(tx, brand.id, 'payments_clearing', brand.currency);
        const main = await ledger.memberAccount(tx, brand.id, id, 'main', 'MAIN', brand.currency);
        await ledger.post(
          {
            merchantId: brand.id,
            kind: 'DEPOSIT',
            idempotencyKey: `seed:${m.account}:opening-deposit`,
            request: { amount: m.deposit },
            memberId: id,
            reference: 'Demo opening deposit',
            entries: [
              { accountId: clearing, amount: -m.deposit },
              { accountId: main.id, amount: m.deposit },
            ],
          },
          tx,
        );
      });
    }
    if (m.type !== memberTypes.member) {
      await members.insertAffiliate({
        merchantId: brand.id,
        code: `${m.account.slice(4).toUpperCase()}2026`,
        memberId: id,
        memberType: memberTypes.member,
      });
    }
  }
  for (const a of announcements) {
    await db
      .insertInto('agent_announcement')
      .values({
        merchant_id: brand.id,
        title: a.title,
        content: a.content,
        language: a.language,
        pinned: true,
      })
      .execute();
  }
  // The team overview reads the team rollups: fill them now rather than at the job's first run.
  await sql`select team_rollup_refresh(${brand.id}, current_date - 1, current_date, 100, array[1, 2, 41, 42])`.execute(
    db,
  );
  return true;
}
