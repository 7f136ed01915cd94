import { memberTypes } from '@arcadia/contract';
import fs from 'node:fs';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { createBrandRepository } from '../modules/brand/brand.repository.js';
import { type BrandFile, brandFileSchema } from '../modules/brand/brand.settings.js';
import { createMemberRepository } from '../modules/member/member.repository.js';
import { createMemberService } from '../modules/member/member.service.js';
import { demoBrand } from './brands/demo.js';
import { seedDemoAgentTeam } from './brands/demo.agent-team.js';
import { demoAnnouncements, demoGames, demoVendors } from './brands/demo.catalogue.js';
import { seedCatalogue } from '../modules/catalogue/catalogue.seed.js';
import { appointHost, postMessage, setHostStatus } from '../modules/chat/index.js';
import { seedAnnouncements } from '../modules/announcements/announcements.seed.js';
import { createLedgerService } from '../modules/ledger/ledger.service.js';
import { createOperatorRepository } from '../modules/operator/operator.repository.js';
import { hashPassword } from '../lib/password.js';

export const demoAccounts = {
  agent: { account: 'demoagent', password: 'demo1234' },
  player: { account: 'demoplayer', password: 'demo1234' },
  /** The demo agent's invitation code: members registering with it land below the agent. */
  invitationCode: 'DEMO2026',
  /** The demo player's opening deposit, in minor units (1,000.00). */
  openingDepositMinor: 100_000n,
  /** The demo operator: admin of every brand, for the operator page at /ops. */
  operator: { username: 'demoops', password: 'demo-operator-123' },
  /** The demo chat host (docs/chat.md): a member appointed as a host, online with a welcome. */
  host: { account: 'demohost', password: 'demo1234', nickname: 'Luna' },
} as const;

export interface SeedOptions {
  /** A brand file (JSON) to seed instead of the built-in demo brand. */
  brandFile?: string | undefined;
  /** Create the demo agent, player and operator. */
  demo: boolean;
  /** With `demo`: also a small team under the demo agent (the running demo; tests leave it out). */
  demoTeam?: boolean;
}

export interface SeedResult {
  brand: string;
  brandCreated: boolean;
  demoAccountsCreated: boolean;
}

/** Whether an operator has changed the brand on the back office's Brand page (its audit lines). */
async function editedByOperator(db: Kysely<Database>, code: string): Promise<boolean> {
  const row = await db
    .selectFrom('operator_audit as a')
    .innerJoin('merchant as m', 'm.id', 'a.merchant_id')
    .select('a.id')
    .where('m.code', '=', code)
    .where('a.action', 'like', 'brand.%')
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

export function readBrandFile(file: string | undefined): BrandFile {
  if (!file) return demoBrand;
  return brandFileSchema.parse(JSON.parse(fs.readFileSync(file, 'utf8')));
}

/**
 * Seeds the brand on first start and, in demo mode, the demo accounts. Idempotent: running it
 * again changes nothing that exists.
 */
export async function seed(db: Kysely<Database>, options: SeedOptions): Promise<SeedResult> {
  const file = readBrandFile(options.brandFile);
  const brands = createBrandRepository(db);
  const brandCreated = (await brands.insertFromFile(file)) !== null;
  // The built-in demo brand follows the code: an existing demo database picks up new settings
  // (channels, modules, rules) at the next start — until an operator edits it on the Brand page
  // (an audited `brand.*` action): from then on it is theirs, like every other brand.
  if (!brandCreated && options.demo && !options.brandFile && !(await editedByOperator(db, file.code)))
    await brands.refreshFromFile(file);
  const brand = await brands.findByCode(file.code);
  if (!brand) throw new Error(`brand ${file.code} is missing after seeding`);
  // The built-in demo brand lists the house studios and carries its banners and notices. A brand
  // from a file starts with an empty lobby: its operators add what it offers.
  if (!options.brandFile) {
    await seedCatalogue(db, brand.id, { vendors: demoVendors, games: demoGames });
    await seedAnnouncements(db, brand.id, demoAnnouncements);
  }

  let demoAccountsCreated = false;
  if (options.demo) {
    const repository = createMemberRepository(db);
    const members = createMemberService({ repository });
    const existing = await repository.findByAccount(brand.id, demoAccounts.agent.account);
    if (!existing) {
      const agentId = await members.create({
        merchantId: brand.id,
        account: demoAccounts.agent.account,
        password: demoAccounts.agent.password,
        nickname: 'Demo Agent',
        type: memberTypes.agent,
        registerMethod: 'SEED',
      });
      await members.insertAffiliate({
        merchantId: brand.id,
        code: demoAccounts.invitationCode,
        memberId: agentId,
        memberType: memberTypes.member,
      });
      const playerId = await members.create({
        merchantId: brand.id,
        account: demoAccounts.player.account,
        password: demoAccounts.player.password,
        nickname: 'Demo Player',
        type: memberTypes.member,
        parentId: agentId,
        registerMethod: 'SEED',
      });
      // A real ledger deposit, so the demo balance has a history like any other.
      const ledger = createLedgerService(db);
      await ledger.transaction(async (tx) => {
        const clearing = await ledger.systemAccount(tx, brand.id, 'payments_clearing', brand.currency);
        const main = await ledger.memberAccount(tx, brand.id, playerId, 'main', 'MAIN', brand.currency);
        await ledger.post(
          {
            merchantId: brand.id,
            kind: 'DEPOSIT',
            idempotencyKey: 'seed:demoplayer:opening-deposit',
            request: { amount: demoAccounts.openingDepositMinor },
            memberId: playerId,
            reference: 'Demo opening deposit',
            entries: [
              { accountId: clearing, amount: -demoAccounts.openingDepositMinor },
              { accountId: main.id, amount: demoAccounts.openingDepositMinor },
            ],
          },
          tx,
        );
      });
      demoAccountsCreated = true;
    }
    await seedDemoOperator(db);
    await seedDemoHost(db, brand.id, members);
    if (options.demoTeam) await seedDemoAgentTeam(db, brand, demoAccounts.agent);
  }
  return { brand: file.code, brandCreated, demoAccountsCreated };
}

/**
 * The demo chat host, once: a member appointed, online, with a welcome in its room — through the
 * chat module's own appointment, status and message functions.
 */
async function seedDemoHost(
  db: Kysely<Database>,
  merchantId: number,
  members: ReturnType<typeof createMemberService>,
) {
  const repository = createMemberRepository(db);
  const { account, password, nickname } = demoAccounts.host;
  if (await repository.findByAccount(merchantId, account)) return;
  const memberId = await members.create({
    merchantId,
    account,
    password,
    nickname,
    type: memberTypes.member,
    registerMethod: 'SEED',
  });
  const host = await appointHost(db, {
    merchantId,
    memberId,
    nickname,
    bio: 'Evening tables, roads and chat. Say hello!',
    commissionBp: 2000,
    active: true,
  });
  await setHostStatus(db, merchantId, memberId, 'online');
  await postMessage(db, {
    hostId: host.id,
    memberId,
    sender: nickname,
    text: 'Welcome to my room! Ask me anything about the live tables.',
  });
}

/**
 * The demo operator, once (also into a database seeded before operators existed). Production
 * (DEMO=0) seeds no operator: the first admin comes from `npm run ops:create-admin`.
 */
async function seedDemoOperator(db: Kysely<Database>) {
  const operators = createOperatorRepository(db);
  const { username, password } = demoAccounts.operator;
  if (await operators.findByUsername(username)) return;
  const passwordHash = await hashPassword(password);
  await operators.insert(db, { username, passwordHash, role: 'admin', merchantId: null });
}
