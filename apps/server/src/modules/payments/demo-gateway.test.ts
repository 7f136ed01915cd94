import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, buildTestApp } from '../../test/build-test-app.js';
import { createDemoGateway, minorToText } from './demo-gateway.js';
import { newMember, sign, snapshot } from '../../test/factories/payments.js';

describe('demo gateway signatures', () => {
  const gateway = createDemoGateway('a'.repeat(40));
  const raw = Buffer.from('{"depositId":"1","status":"paid"}');

  it('accepts exactly the HMAC-SHA256 of the raw bytes, in hex', () => {
    const good = gateway.sign(raw);
    expect(good).toBe(sign(raw.toString(), 'a'.repeat(40)));
    expect(gateway.verify(raw, good)).toBe(true);
    expect(gateway.verify(raw, good.toUpperCase())).toBe(true);
    expect(gateway.verify(Buffer.concat([raw, Buffer.from(' ')]), good)).toBe(false);
    for (const bad of [undefined, '', good.slice(0, 63), `${good}0`, 'zz'.repeat(32), ['x'], 42]) {
      expect(gateway.verify(raw, bad)).toBe(false);
    }
    expect(createDemoGateway('b'.repeat(40)).verify(raw, good)).toBe(false);
  });

  it('formats amounts exactly', () => {
    expect(minorToText(12_550n, 2)).toBe('125.50');
    expect(minorToText('5', 2)).toBe('0.05');
    expect(minorToText(900_719_925_474_099_312n, 2)).toBe('9007199254740993.12');
    expect(minorToText(42n, 0)).toBe('42');
  });
});

describe('with DEMO=0', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ demo: true, config: { DEMO: false } });
  });
  afterAll(() => t.close());

  it('offers no demo gateway: no channel, no pay page, no callback', async () => {
    const member = await newMember(t);
    const settings = await t.app.inject({
      method: 'GET',
      url: '/wps/relay/MCSFE_getDepositSettings',
      headers: { authorization: member.token },
    });
    expect(settings.json().value.channels.map((c: { code: string }) => c.code)).toEqual(['BANK']);
    const before = await snapshot(t);
    const create = await t.app.inject({
      method: 'POST',
      url: '/wps/transaction/deposit',
      payload: { channel: 'DEMOPAY', amount: 20, requestId: 'demo-off-0001' },
      headers: { authorization: member.token },
    });
    expect(create.json().code).toBe('payment.channel.unknown');
    expect(await snapshot(t)).toEqual(before);
    const page = await t.app.inject({ method: 'GET', url: `/pay/demo/1?sig=${'0'.repeat(64)}` });
    expect(page.statusCode).toBe(404);
    const raw = JSON.stringify({
      depositId: '1',
      status: 'paid',
      amount: '1',
      currency: 'USD',
      gatewayRef: 'x',
    });
    const callback = await t.app.inject({
      method: 'POST',
      url: '/payments/demo/callback',
      payload: raw,
      headers: { 'content-type': 'application/json', 'x-signature': sign(raw) },
    });
    expect(callback.statusCode).toBe(404);
  });
});
