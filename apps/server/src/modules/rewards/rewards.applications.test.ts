import { existsSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { TEST_OPS_KEY, type TestApp } from '../../test/build-test-app.js';
import { jpegBytes, pngBase64 } from '../../test/factories/support.js';
import { loggedInMember, mainBalance, onRewardsApp } from '../../test/factories/rewards.js';

let t: TestApp;
let merchantId: number;
onRewardsApp((app, id) => {
  t = app;
  merchantId = id;
});

const PROMO = 'big-win-share';
const member = () => loggedInMember(t, merchantId, 'ap');
const apply = (token: string, body: Record<string, unknown>) =>
  t.app.inject({
    method: 'POST',
    url: '/wps/promotions/applications',
    payload: { promotionId: PROMO, ...body },
    headers: { authorization: token },
  });
const get = (url: string, token?: string) =>
  t.app.inject({ method: 'GET', url, headers: token ? { authorization: token } : {} });
const ops = (method: 'GET' | 'POST', url: string, payload?: unknown) =>
  t.app.inject({ method, url, payload: payload as never, headers: { 'x-ops-key': TEST_OPS_KEY } });
const promo = async (token?: string) =>
  (await get('/wps/relay/MCSFE_getAvailablePromotions', token))
    .json()
    .value.list.find((p: { id: string }) => p.id === PROMO);
const jpeg = jpegBytes(800, 600).toString('base64');

describe('activity applications', () => {
  it('refuses a long comment, a fourth image, a file that is not an image, and an image over 5 MB', async () => {
    const m = await member();
    expect((await apply(m.token, { comment: 'x'.repeat(141) })).json().code).toBe('request_param_err');
    expect((await apply(m.token, { images: [jpeg, jpeg, jpeg, jpeg] })).json().code).toBe(
      'request_param_err',
    );
    // A text file named and typed as a PNG: refused by its bytes.
    const fake = await apply(m.token, {
      images: [`data:image/png;base64,${Buffer.from('<script>alert(1)</script>').toString('base64')}`],
    });
    expect(fake.statusCode).toBe(400);
    expect(fake.json()).toMatchObject({ code: 'upload.invalid', value: { reason: 'not_png_or_jpeg' } });
    const big = Buffer.concat([jpegBytes(10, 10), Buffer.alloc(5 * 1024 * 1024)]);
    const tooBig = await apply(m.token, { images: [big.toString('base64')] });
    expect(tooBig.json()).toMatchObject({ code: 'upload.invalid', value: { reason: 'too_large' } });
    // Nothing was written: the member may still apply.
    expect((await promo(m.token)).status).toBe('join');
  });

  it('takes one application with its images; only its member reads them; parallel tries make one', async () => {
    const m = await member();
    const tries = await Promise.all(
      Array.from({ length: 4 }, () =>
        apply(m.token, { comment: 'x50 on Aurora', images: [pngBase64(), jpeg] }),
      ),
    );
    expect(tries.map((r) => r.statusCode).sort()).toEqual([200, 409, 409, 409]);
    const made = tries.find((r) => r.statusCode === 200)!.json().value;
    expect(made).toMatchObject({
      status: 'applying',
      comment: 'x50 on Aurora',
      images: [{ mime: 'image/png' }, { mime: 'image/jpeg', width: 800, height: 600 }],
    });
    expect(tries.find((r) => r.statusCode === 409)!.json().code).toBe('promotion.applied');
    expect((await promo(m.token)).status).toBe('applying');

    const img = (await get(`/wps/promotions/applications/${made.id}/images/1`, m.token)).json().value;
    expect(img).toEqual({ mime: 'image/jpeg', data: jpeg });
    const stored = await t.db
      .selectFrom('promotion_application')
      .select('images')
      .where('id', '=', made.id)
      .executeTakeFirstOrThrow();
    expect(stored.images).toHaveLength(2);
    expect(existsSync(path.join(t.config.DATA_DIR, 'uploads', stored.images[0]!.file))).toBe(true);
    const other = await member();
    expect((await get(`/wps/promotions/applications/${made.id}/images/0`, other.token)).statusCode).toBe(404);
    expect((await get(`/wps/promotions/applications/${made.id}/images/2`, m.token)).statusCode).toBe(404);
  });

  it('an approval issues the bonus (capped) to claim once; a rejection says why; each is decided once', async () => {
    const a = await member();
    const b = await member();
    const appA = (await apply(a.token, { comment: 'mine', images: [jpeg] })).json().value;
    const appB = (await apply(b.token, { comment: 'also mine' })).json().value;
    const queue = (await ops('GET', '/ops/merchants/demo/promotions/applications')).json().value;
    expect(queue.list.map((x: { id: string }) => x.id)).toEqual(expect.arrayContaining([appA.id, appB.id]));
    expect(
      (await ops('GET', `/ops/merchants/demo/promotions/applications/${appA.id}/images/0`)).json().value.data,
    ).toBe(jpeg);

    // Two operators approving at once: one decision.
    const approve = () =>
      ops('POST', `/ops/merchants/demo/promotions/applications/${appA.id}`, {
        action: 'approve',
        amount: 80,
        reason: 'verified win',
      });
    const decisions = await Promise.all([approve(), approve()]);
    expect(decisions.map((d) => d.statusCode).sort()).toEqual([200, 409]);
    const approved = decisions.find((d) => d.statusCode === 200)!.json().value;
    // 80 asked, the promotion's cap is 50.
    expect(approved).toMatchObject({ status: 'issued', amount: 50 });
    expect(await promo(a.token)).toMatchObject({ status: 'issued', claimable: 50 });
    const centre = (await get('/wps/relay/MCS2_getPromotionClaimList', a.token)).json().value;
    expect(centre.list).toContainEqual(expect.objectContaining({ kind: 'promotion', id: PROMO, amount: 50 }));
    const claims = await Promise.all(
      Array.from({ length: 5 }, () =>
        t.app.inject({
          method: 'POST',
          url: '/wps/relay/MCSFE_claimIssuedPromotion',
          payload: { promotionId: PROMO },
          headers: { authorization: a.token },
        }),
      ),
    );
    expect(claims.filter((c) => c.statusCode === 200)).toHaveLength(1);
    expect(await mainBalance(t, a.id)).toBe(5_000n);
    expect((await promo(a.token)).status).toBe('claimed');
    const audit = await t.db
      .selectFrom('operator_audit')
      .select('action')
      .where('target', '=', appA.id)
      .execute();
    expect(audit).toEqual([{ action: 'application.approve' }]);

    await ops('POST', `/ops/merchants/demo/promotions/applications/${appB.id}`, {
      action: 'reject',
      reason: 'no screenshot',
    });
    expect((await promo(b.token)).status).toBe('rejected');
    const mine = (await get('/wps/promotions/applications', b.token)).json().value.list[0];
    expect(mine).toMatchObject({ status: 'rejected', reason: 'no screenshot' });
    // Before approval there is nothing to claim.
    const c = await member();
    await apply(c.token, { comment: 'pending' });
    const early = await t.app.inject({
      method: 'POST',
      url: '/wps/relay/MCSFE_claimIssuedPromotion',
      payload: { promotionId: PROMO },
      headers: { authorization: c.token },
    });
    expect(early.json()).toMatchObject({
      code: 'promotion.not_eligible',
      value: { reason: 'promotion.not_issued' },
    });
  });
});

describe('rewards liabilities', () => {
  it('count what waits for a decision and what open bonuses hold', async () => {
    const liabilities = async () =>
      (await ops('GET', '/ops/merchants/demo/rewards/liabilities')).json().value;
    const before = await liabilities();
    const m = await member();
    await apply(m.token, { comment: 'please' });
    const signin = await t.app.inject({
      method: 'POST',
      url: '/wps/relay/MCSFE_claimIssuedPromotion',
      payload: { promotionId: 'daily-signin' },
      headers: { authorization: m.token },
    });
    expect(signin.statusCode, signin.body).toBe(200);
    const after = await liabilities();
    expect(after.waiting.applications).toBe(before.waiting.applications + 1);
    expect(after.openBonuses.count).toBe(before.openBonuses.count + 1);
    expect(after.openBonuses.amount).toBeCloseTo(before.openBonuses.amount + 1, 6);
    expect(after.escrow).toBeGreaterThanOrEqual(0);
  });
});
