// Bench members: accounts with a funded main wallet (a real ledger posting) and a site session.
import crypto from 'node:crypto';

/**
 * Members with a funded main wallet (a real ADJUSTMENT posting) and a site session each.
 * @param {import('pg').Client} c
 * @param {number} n
 * @param {string} prefix account names are `<prefix><n>`
 * @param {bigint} opening each wallet's opening balance, minor units
 */
export async function fundedMembers(c, n, prefix, opening) {
  const {
    rows: [{ id: merchant, currency }],
  } = await c.query(`select id, currency from merchant where code = 'demo'`);
  await c.query(
    `insert into ledger_account (merchant_id, owner_id, kind, code, currency)
     values ($1, null, 'system', 'adjustments', $2) on conflict do nothing`,
    [merchant, currency],
  );
  const {
    rows: [{ id: adjustments }],
  } = await c.query(
    `select id from ledger_account where merchant_id = $1 and owner_id is null and code = 'adjustments'`,
    [merchant],
  );
  /** @type {{ id: string, token: string }[]} */
  const out = [];
  const BATCH = 1000;
  for (let start = 1; start <= n; start += BATCH) {
    const count = Math.min(BATCH, n - start + 1);
    const tokens = Array.from({ length: count }, () => crypto.randomBytes(32).toString('base64url'));
    const { rows } = await c.query(
      `insert into member (merchant_id, account, type, password_hash, register_method)
       select $1, $4 || g, 0, 'bench: no login', 'BENCH' from generate_series($2::int, $3::int) g
       returning id`,
      [merchant, start, start + count - 1, prefix],
    );
    const ids = rows.map((r) => String(r.id));
    await c.query(
      `insert into ledger_account (merchant_id, owner_id, kind, code, currency)
       select $1, x, 'main', 'MAIN', $2 from unnest($3::bigint[]) x`,
      [merchant, currency, `{${ids.join(',')}}`],
    );
    await c.query(
      `select ledger_post($1, 'ADJUSTMENT', 'bench-fund:' || a.owner_id, 'bench', a.owner_id, null, '{}'::jsonb,
                          array[$2::bigint, a.id], array[-$3::bigint, $3::bigint])
       from ledger_account a where a.owner_id = any($4::bigint[]) and a.kind = 'main' order by a.id`,
      [merchant, adjustments, String(opening), `{${ids.join(',')}}`],
    );
    await c.query(
      `insert into session (token_hash, member_id, merchant_id, login_type, expires_at)
       select h, m, $1, 'password', now() + interval '1 day' from unnest($2::text[], $3::bigint[]) as x(h, m)`,
      [
        merchant,
        `{${tokens.map((t) => crypto.createHash('sha256').update(t).digest('hex')).join(',')}}`,
        `{${ids.join(',')}}`,
      ],
    );
    ids.forEach((id, i) => out.push({ id, token: tokens[i] }));
  }
  return out;
}
