import { demoBrand } from '../../seeds/brands/demo.js';
import { createBrandRepository } from '../../modules/brand/index.js';
import { TEST_OPS_KEY, type TestApp, buildTestApp } from '../build-test-app.js';

/** Operator roles (`operator.role`). */
export type Role = 'admin' | 'finance' | 'support' | 'content' | 'risk';

/** The deployment's break-glass key, as request headers. */
export const key = { 'x-ops-key': TEST_OPS_KEY };
/** An operator session's headers. */
export const as = (token: string) => ({ authorization: `Ops ${token}` });
export const PASSWORD = 'correct horse battery';

let seq = 0;
export const unique = (prefix: string) => `${prefix}${++seq}x${Math.random().toString(36).slice(2, 7)}`;

/** A demo test app with a second brand, `other`, for the brand binding. */
export async function buildOperatorTestApp(): Promise<TestApp> {
  const t = await buildTestApp({ demo: true });
  await createBrandRepository(t.db).insertFromFile({ ...demoBrand, code: 'other', name: 'Other Brand' });
  return t;
}

/** Operator requests against one test app (read when called: `t` may be set in `beforeAll`). */
export function operatorClient(app: () => TestApp) {
  function createOperator(body: Record<string, unknown>, headers: Record<string, string> = key) {
    return app().app.inject({ method: 'POST', url: '/ops/operators', payload: body, headers });
  }

  function login(username: string, password = PASSWORD, remoteAddress = '10.1.0.1') {
    return app().app.inject({
      method: 'POST',
      url: '/ops/session/login',
      payload: { username, password },
      remoteAddress,
    });
  }

  /** Creates an operator (with the deployment key) and logs it in. */
  async function operator(role: Role, merchantCode?: string) {
    const username = unique(role);
    const created = await createOperator({ username, password: PASSWORD, role, merchantCode });
    if (created.statusCode !== 200) throw new Error(`create failed: ${created.body}`);
    const res = await login(username);
    if (res.statusCode !== 200) throw new Error(`login failed: ${res.body}`);
    return { username, id: created.json().value.id as string, token: res.json().value.token as string };
  }

  const me = (headers: Record<string, string>) =>
    app().app.inject({ method: 'GET', url: '/ops/session/me', headers });

  return { createOperator, login, operator, me };
}
