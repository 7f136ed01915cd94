import { randomUUID } from 'node:crypto';
import type { TestApp } from '../build-test-app.js';
import { fundMain } from '../factories.js';
import { createVendorSession } from '../../modules/vendors/vendor-session.js';
import { signVendorBody, vendorSecret } from '../../modules/vendors/vendor-secret.js';

/** A signed vendor caller for tests: real HTTP through the app, signature and all. */
export async function vendorCaller(t: TestApp, vendor = 'house') {
  const merchantId = (
    await t.db.selectFrom('merchant').select('id').where('code', '=', 'demo').executeTakeFirstOrThrow()
  ).id;
  if (vendor !== 'house') {
    await t.db
      .insertInto('vendor_secret')
      .values({ merchant_id: merchantId, vendor_code: vendor, secret: `${vendor}-test-secret-0123456789` })
      .onConflict((oc) => oc.doNothing())
      .execute();
  }
  const secret = (await vendorSecret(t.db, merchantId, vendor))!;
  return {
    merchantId,
    async call(op: string, body: Record<string, unknown>) {
      const raw = JSON.stringify(body);
      const res = await t.app.inject({
        method: 'POST',
        url: `/vendor/${vendor}/${op}`,
        payload: raw,
        headers: { 'content-type': 'application/json', 'x-signature': signVendorBody(secret, raw) },
      });
      return { text: res.body, body: res.json() as { status: string; balance?: string } };
    },
    async session(memberId: string) {
      return (
        await createVendorSession(t.db, {
          merchantId,
          memberId,
          vendorCode: vendor,
          gameCode: 'g',
          mode: 'real',
        })
      ).token;
    },
  };
}

/** A plain member of the demo brand with a funded main wallet (minor units). */
export async function fundedMember(t: TestApp, minor: bigint, account = `m${randomUUID().slice(0, 12)}`) {
  const merchantId = (
    await t.db.selectFrom('merchant').select('id').where('code', '=', 'demo').executeTakeFirstOrThrow()
  ).id;
  const { id } = await t.db
    .insertInto('member')
    .values({ merchant_id: merchantId, account, type: 0, password_hash: 'x', register_method: 'TEST' })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (minor > 0n) await fundMain(t.db, id, minor);
  return id;
}
