import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { DatabaseHandle } from '../../db/database.js';
import { migrateToLatest } from '../../db/migrate.js';
import { seed } from '../../seeds/seed.js';
import { createTestDatabase } from '../../test/test-database.js';
import { memberId } from '../../test/factories.js';
import { checkLedger } from './ledger.check.js';
import { type BalanceChange, createLedgerService } from './ledger.service.js';

let handle: DatabaseHandle;
let ledger: ReturnType<typeof createLedgerService>;
let player: string;
let accounts: { main: string; vendor: string; clearing: string };

beforeAll(async () => {
  handle = await createTestDatabase();
  await migrateToLatest(handle.db);
  await seed(handle.db, { demo: true });
  ledger = createLedgerService(handle.db);
  player = await memberId(handle.db, 'demoplayer');
  accounts = await ledger.transaction(async (tx) => ({
    main: (await ledger.memberAccount(tx, 1, player, 'main', 'MAIN', 'USD')).id,
    vendor: (await ledger.memberAccount(tx, 1, player, 'vendor', 'PT', 'USD')).id,
    clearing: await ledger.systemAccount(tx, 1, 'payments_clearing', 'USD'),
  }));
});
afterAll(() => handle.close());

const move = (key: string, amount: bigint, request: unknown = { amount: amount.toString() }) =>
  ledger.post({
    merchantId: 1,
    kind: 'TRANSFER_OUT',
    idempotencyKey: key,
    request,
    memberId: player,
    entries: [
      { accountId: accounts.main, amount: -amount },
      { accountId: accounts.vendor, amount },
    ],
  });
const balanceOf = async (id: string) =>
  BigInt(
    (
      await handle.db
        .selectFrom('ledger_account')
        .select('balance')
        .where('id', '=', id)
        .executeTakeFirstOrThrow()
    ).balance,
  );

describe('ledger postings', () => {
  it('starts from the seeded opening deposit, with a clean ledger', async () => {
    expect(await balanceOf(accounts.main)).toBe(100_000n);
    expect(await checkLedger(handle.db)).toEqual([]);
  });

  it('moves money once per key and replays the first result for the same request', async () => {
    const first = await move('k-1', 2_500n);
    const again = await move('k-1', 2_500n);
    expect(first.replayed).toBe(false);
    expect(again).toMatchObject({ replayed: true, transactionId: first.transactionId });
    expect(again.entries.map((e) => e.balanceAfter).sort()).toEqual(
      first.entries.map((e) => e.balanceAfter).sort(),
    );
    expect(await balanceOf(accounts.main)).toBe(97_500n);
    expect(await balanceOf(accounts.vendor)).toBe(2_500n);
  });

  it('refuses the same key with a different request (409), changing nothing', async () => {
    await expect(move('k-1', 9_999n)).rejects.toMatchObject({ code: 'duplicate.request', status: 409 });
    expect(await balanceOf(accounts.main)).toBe(97_500n);
  });

  it('refuses an overdraft through the database constraint and writes nothing', async () => {
    const before = await handle.db
      .selectFrom('ledger_transaction')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    await expect(move('k-over', 1_000_000n)).rejects.toMatchObject({ code: 'wallet.insufficient' });
    const after = await handle.db
      .selectFrom('ledger_transaction')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
    // Nothing was recorded under the key, so the same key may be used once funds exist.
    expect(
      await handle.db
        .selectFrom('ledger_transaction')
        .where('idempotency_key', '=', 'k-over')
        .selectAll()
        .execute(),
    ).toEqual([]);
  });

  it('lets system accounts go below zero without keeping a running balance', async () => {
    const clearing = await handle.db
      .selectFrom('ledger_account')
      .select('balance')
      .where('id', '=', accounts.clearing)
      .executeTakeFirstOrThrow();
    expect(clearing.balance).toBe('0');
    const sum = await sql<{
      s: string;
    }>`select sum(amount)::text as s from ledger_entry where account_id = ${accounts.clearing}`.execute(
      handle.db,
    );
    expect(sum.rows[0]?.s).toBe('-100000');
  });

  it('refuses unbalanced or zero entries before touching the database', async () => {
    await expect(
      ledger.post({
        merchantId: 1,
        kind: 'ADJUSTMENT',
        idempotencyKey: 'bad-1',
        request: {},
        entries: [
          { accountId: accounts.main, amount: -5n },
          { accountId: accounts.vendor, amount: 4n },
        ],
      }),
    ).rejects.toThrow(/sum to zero/);
  });

  it('has the database itself refuse an unbalanced transaction, an edit, and a negative member balance', async () => {
    const unbalanced = handle.db.transaction().execute(async (tx) => {
      const { id } = await tx
        .insertInto('ledger_transaction')
        .values({ merchant_id: 1, kind: 'ADJUSTMENT', idempotency_key: 'raw-1', request_hash: 'x' })
        .returning('id')
        .executeTakeFirstOrThrow();
      await tx
        .insertInto('ledger_entry')
        .values({ transaction_id: id, account_id: accounts.main, amount: '5', balance_after: null })
        .execute();
    });
    await expect(unbalanced).rejects.toThrow(/does not sum to zero/);
    await expect(sql`update ledger_entry set amount = amount + 1`.execute(handle.db)).rejects.toThrow(
      /append-only/,
    );
    await expect(sql`delete from ledger_transaction`.execute(handle.db)).rejects.toThrow(/append-only/);
    await expect(
      sql`update ledger_account set balance = -1 where id = ${accounts.main}`.execute(handle.db),
    ).rejects.toThrow();
    expect(await checkLedger(handle.db)).toEqual([]);
  });

  it('checks the zero sum per insert statement: every transaction a statement touches, with its earlier entries', async () => {
    const expense = await ledger.transaction((tx) =>
      ledger.systemAccount(tx, 1, 'promotions_expense', 'USD'),
    );
    const newTransaction = async (tx: typeof handle.db, key: string) =>
      (
        await tx
          .insertInto('ledger_transaction')
          .values({ merchant_id: 1, kind: 'ADJUSTMENT', idempotency_key: key, request_hash: 'x' })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
    const entry = (
      transaction_id: string | number | bigint,
      account_id: string | number,
      amount: string,
    ) => ({
      transaction_id: String(transaction_id),
      account_id: String(account_id),
      amount,
      balance_after: null,
    });
    // One statement, two transactions: one balanced, one not — the statement fails as a whole.
    let b = '';
    const mixed = handle.db.transaction().execute(async (tx) => {
      const a = await newTransaction(tx, 'stmt-a');
      b = String(await newTransaction(tx, 'stmt-b'));
      await tx
        .insertInto('ledger_entry')
        .values([entry(a, accounts.clearing, '3'), entry(a, expense, '-3'), entry(b, accounts.clearing, '2')])
        .execute();
    });
    const mixedError = await mixed.then(
      () => null,
      (e: unknown) => e,
    );
    expect(mixedError).toBeInstanceOf(Error);
    expect((mixedError as Error).message).toContain(`ledger transaction ${b} does not sum to zero`);
    // A balanced pair is accepted; an entry added to it by a later statement is summed with it.
    let c = '';
    let pairWritten = false;
    const added = handle.db.transaction().execute(async (tx) => {
      c = String(await newTransaction(tx, 'stmt-c'));
      await tx
        .insertInto('ledger_entry')
        .values([entry(c, accounts.clearing, '3'), entry(c, expense, '-3')])
        .execute();
      pairWritten = true;
      await tx
        .insertInto('ledger_entry')
        .values(entry(c, accounts.clearing, '1'))
        .execute();
    });
    const addedError = await added.then(
      () => null,
      (e: unknown) => e,
    );
    expect((addedError as Error | null)?.message).toContain(`ledger transaction ${c} does not sum to zero`);
    expect(pairWritten).toBe(true);
    expect(await checkLedger(handle.db)).toEqual([]);
  });

  it('refuses entries naming a transaction or an account that does not exist, and keeps named accounts', async () => {
    const expense = await ledger.transaction((tx) =>
      ledger.systemAccount(tx, 1, 'promotions_expense', 'USD'),
    );
    const failure = (work: (tx: typeof handle.db) => Promise<unknown>) =>
      handle.db
        .transaction()
        .execute(work)
        .then(
          () => null,
          (e: unknown) => e as Error & { code?: string },
        );
    const entry = (transaction_id: string, account_id: string, amount: string) => ({
      transaction_id,
      account_id,
      amount,
      balance_after: null,
    });
    const missingTx = await failure((tx) =>
      tx
        .insertInto('ledger_entry')
        .values([entry('999999999', accounts.clearing, '5'), entry('999999999', expense, '-5')])
        .execute(),
    );
    expect(missingTx?.code).toBe('23503');
    expect(missingTx?.message).toContain('transaction 999999999');
    let key = '';
    const missingAccount = await failure(async (tx) => {
      key = 'ref-missing-account';
      const t = await tx
        .insertInto('ledger_transaction')
        .values({ merchant_id: 1, kind: 'ADJUSTMENT', idempotency_key: key, request_hash: 'x' })
        .returning('id')
        .executeTakeFirstOrThrow();
      await tx
        .insertInto('ledger_entry')
        .values([entry(String(t.id), '888888888', '5'), entry(String(t.id), expense, '-5')])
        .execute();
    });
    expect(missingAccount?.code).toBe('23503');
    expect(missingAccount?.message).toContain('account 888888888');
    // Nothing of either attempt was written.
    const written = await handle.db
      .selectFrom('ledger_transaction')
      .select('id')
      .where('idempotency_key', '=', key)
      .execute();
    expect(written).toEqual([]);

    // An account its entries name stays; one without entries can go; no account's id changes
    // (an identity column generated always).
    await move('ref-used', 1n);
    const used = await failure((tx) =>
      tx.deleteFrom('ledger_account').where('id', '=', accounts.vendor).execute(),
    );
    expect(used?.code).toBe('23503');
    expect(await balanceOf(accounts.vendor)).toBeGreaterThan(0n);
    const renumbered = await failure((tx) =>
      tx.updateTable('ledger_account').set({ id: '777777777' }).where('id', '=', accounts.vendor).execute(),
    );
    expect(renumbered?.code).toBe('428C9');
    const spare = await ledger.transaction(
      async (tx) => (await ledger.memberAccount(tx, 1, player, 'vendor', 'SPARE', 'USD')).id,
    );
    await handle.db.deleteFrom('ledger_account').where('id', '=', spare).execute();
    expect(await checkLedger(handle.db)).toEqual([]);
  });

  it('group-commits concurrent postings, each with its own outcome', async () => {
    const before = await balanceOf(accounts.main);
    // 30 postings at once: 20 good ones, 5 that would overdraw, and 5 reusing a key differently.
    await move('g-reused', 1n);
    const results = await Promise.allSettled([
      ...Array.from({ length: 20 }, (_v, i) => move(`g-ok-${i}`, 10n)),
      ...Array.from({ length: 5 }, (_v, i) => move(`g-over-${i}`, before * 2n)),
      ...Array.from({ length: 5 }, () => move('g-reused', 2n)),
    ]);
    const outcome = (r: PromiseSettledResult<unknown>) =>
      r.status === 'fulfilled' ? 'ok' : (r.reason as { code?: string }).code;
    expect(results.slice(0, 20).map(outcome)).toEqual(Array(20).fill('ok'));
    expect(results.slice(20, 25).map(outcome)).toEqual(Array(5).fill('wallet.insufficient'));
    expect(results.slice(25).map(outcome)).toEqual(Array(5).fill('duplicate.request'));
    expect(await balanceOf(accounts.main)).toBe(before - 201n);
    expect(await checkLedger(handle.db)).toEqual([]);
  });

  it('keeps the daily money rollup in step with main-wallet entries', async () => {
    const today = new Date().toISOString().slice(0, 10);
    const row = await handle.db
      .selectFrom('member_money_daily')
      .select(['tx_count', 'amount'])
      .where('member_id', '=', player)
      .where('kind', '=', 'TRANSFER_OUT')
      .where(sql<boolean>`day = ${today}::date`)
      .executeTakeFirstOrThrow();
    const actual = await sql<{ n: number; total: string }>`
      select count(*)::integer as n, sum(e.amount)::text as total from ledger_entry e
      join ledger_transaction t on t.id = e.transaction_id
      where e.account_id = ${accounts.main} and t.kind = 'TRANSFER_OUT'`.execute(handle.db);
    expect(row.tx_count).toBe(actual.rows[0]!.n);
    expect(row.amount).toBe(actual.rows[0]!.total);
    expect(BigInt(row.amount)).toBeLessThan(0n);
    // A tampered rollup is found by the checker.
    await sql`update member_money_daily set amount = amount + 1 where member_id = ${player} and kind = 'TRANSFER_OUT'`.execute(
      handle.db,
    );
    expect((await checkLedger(handle.db)).map((v) => v.rule)).toContain('money_rollup_matches_entries');
    await sql`update member_money_daily set amount = amount - 1 where member_id = ${player} and kind = 'TRANSFER_OUT'`.execute(
      handle.db,
    );
    expect(await checkLedger(handle.db)).toEqual([]);
  });

  it('the checker finds a balance that no longer matches its entries', async () => {
    await sql`update ledger_account set balance = balance + 1 where id = ${accounts.vendor}`.execute(
      handle.db,
    );
    const violations = await checkLedger(handle.db);
    expect(violations.map((v) => v.rule)).toContain('balance_matches_entries');
    await sql`update ledger_account set balance = balance - 1 where id = ${accounts.vendor}`.execute(
      handle.db,
    );
    expect(await checkLedger(handle.db)).toEqual([]);
  });
});

describe('creditMany (set-based credits from a system account)', () => {
  it('tells the balance listeners about every credited wallet once the batch commits', async () => {
    // A fresh service: it knows no wallet's owner yet and must look them up.
    const fresh = createLedgerService(handle.db);
    const heard: BalanceChange[][] = [];
    fresh.onBalance((changes) => heard.push(changes));
    const agent = await memberId(handle.db, 'demoagent');
    const { expense, agentMain } = await fresh.transaction(async (tx) => ({
      expense: await fresh.systemAccount(tx, 1, 'promotions_expense', 'USD'),
      agentMain: (await fresh.memberAccount(tx, 1, agent, 'main', 'MAIN', 'USD')).id,
    }));
    const before = { player: await balanceOf(accounts.main), agent: await balanceOf(agentMain) };
    await fresh.transaction(async (tx) => {
      await fresh.creditMany(tx, {
        merchantId: 1,
        kind: 'REBATE',
        from: expense,
        items: [
          {
            idempotencyKey: 'cm-heard-1',
            request: {},
            memberId: player,
            accountId: accounts.main,
            amount: 7n,
          },
          { idempotencyKey: 'cm-heard-2', request: {}, memberId: agent, accountId: agentMain, amount: 9n },
        ],
      });
      // Nothing is announced before the commit.
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(heard).toEqual([]);
    });
    await vi.waitFor(() => expect(heard).toHaveLength(1));
    expect(
      heard[0]!.map((c) => ({
        memberId: c.memberId,
        wallet: c.wallet,
        balance: c.balance,
        merchantId: c.merchantId,
      })),
    ).toEqual([
      { memberId: player, wallet: 'MAIN', balance: before.player + 7n, merchantId: 1 },
      { memberId: agent, wallet: 'MAIN', balance: before.agent + 9n, merchantId: 1 },
    ]);
  });

  const entriesOf = (transactionId: string) =>
    handle.db
      .selectFrom('ledger_entry')
      .select(['account_id', 'amount', 'balance_after'])
      .where('transaction_id', '=', transactionId)
      .orderBy('id')
      .execute();
  const moneyDaily = async (member: string) =>
    (await handle.db
      .selectFrom('member_money_daily')
      .select(['tx_count', 'amount'])
      .where('member_id', '=', member)
      .where('kind', '=', 'REBATE')
      .executeTakeFirst()) ?? { tx_count: 0, amount: '0' };

  it('writes what ledger_post would: one transaction per wallet, both entries, balances, rollups', async () => {
    const agent = await memberId(handle.db, 'demoagent');
    const { expense, agentMain } = await ledger.transaction(async (tx) => ({
      expense: await ledger.systemAccount(tx, 1, 'promotions_expense', 'USD'),
      agentMain: (await ledger.memberAccount(tx, 1, agent, 'main', 'MAIN', 'USD')).id,
    }));
    const before = { player: await balanceOf(accounts.main), agent: await balanceOf(agentMain) };
    const rollup = { player: await moneyDaily(player), agent: await moneyDaily(agent) };
    const postings = await ledger.transaction((tx) =>
      ledger.creditMany(tx, {
        merchantId: 1,
        kind: 'REBATE',
        from: expense,
        items: [
          {
            idempotencyKey: 'cm-1',
            request: { n: 1 },
            memberId: player,
            accountId: accounts.main,
            amount: 123n,
          },
          { idempotencyKey: 'cm-2', request: { n: 2 }, memberId: agent, accountId: agentMain, amount: 45n },
        ],
      }),
    );
    expect(postings).toHaveLength(2);
    expect(await balanceOf(accounts.main)).toBe(before.player + 123n);
    expect(await balanceOf(agentMain)).toBe(before.agent + 45n);
    // Entries in account-id order; the wallet's with its balance after, the system account's without.
    const first = await entriesOf(postings[0]!.transactionId);
    expect(first).toEqual(
      [
        { account_id: accounts.main, amount: '123', balance_after: String(before.player + 123n) },
        { account_id: expense, amount: '-123', balance_after: null },
      ].sort((a, b) => (BigInt(a.account_id) < BigInt(b.account_id) ? -1 : 1)),
    );
    expect(postings[0]!.entries.map((e) => e.accountId)).toEqual(first.map((e) => e.account_id));
    const tx = await handle.db
      .selectFrom('ledger_transaction')
      .select(['kind', 'member_id', 'idempotency_key'])
      .where('id', '=', postings[1]!.transactionId)
      .executeTakeFirstOrThrow();
    expect(tx).toEqual({ kind: 'REBATE', member_id: agent, idempotency_key: 'cm-2' });
    expect(await moneyDaily(player)).toEqual({
      tx_count: rollup.player.tx_count + 1,
      amount: String(BigInt(rollup.player.amount) + 123n),
    });
    expect(await checkLedger(handle.db)).toEqual([]);

    // All or nothing: a key used before, a wallet named twice or a wallet of another member.
    const balance = await balanceOf(accounts.main);
    const attempt = (items: Parameters<typeof ledger.creditMany>[1]['items']) =>
      ledger.transaction((t) =>
        ledger.creditMany(t, { merchantId: 1, kind: 'REBATE', from: expense, items }),
      );
    await expect(
      attempt([
        { idempotencyKey: 'cm-3', request: {}, memberId: agent, accountId: agentMain, amount: 1n },
        { idempotencyKey: 'cm-1', request: {}, memberId: player, accountId: accounts.main, amount: 1n },
      ]),
    ).rejects.toMatchObject({ code: 'duplicate.request' });
    await expect(
      attempt([
        { idempotencyKey: 'cm-4', request: {}, memberId: player, accountId: accounts.main, amount: 1n },
        { idempotencyKey: 'cm-5', request: {}, memberId: player, accountId: accounts.main, amount: 1n },
      ]),
    ).rejects.toThrow(/one posting per wallet/);
    await expect(
      attempt([
        { idempotencyKey: 'cm-6', request: {}, memberId: agent, accountId: accounts.main, amount: 1n },
      ]),
    ).rejects.toThrow(/not the member/);
    await expect(
      ledger.transaction((t) =>
        ledger.creditMany(t, {
          merchantId: 1,
          kind: 'REBATE',
          from: accounts.vendor,
          items: [
            { idempotencyKey: 'cm-7', request: {}, memberId: player, accountId: accounts.main, amount: 1n },
          ],
        }),
      ),
    ).rejects.toThrow(/not a system account/);
    expect(await balanceOf(accounts.main)).toBe(balance);
    const stray = await handle.db
      .selectFrom('ledger_transaction')
      .select('id')
      .where('idempotency_key', 'in', ['cm-3', 'cm-4', 'cm-5', 'cm-6', 'cm-7'])
      .execute();
    expect(stray).toEqual([]);
    expect(await checkLedger(handle.db)).toEqual([]);
  });
});
