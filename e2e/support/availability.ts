import { type APIRequestContext, expect } from '@playwright/test';
import { merchantCode, opsApiKey } from './env';

/** The body of PUT /ops/merchants/:code/availability (a full replacement, both parts required). */
export interface Availability {
  maintenance: { enabled: boolean; message: string | null; endTime: string | null };
  regionBlock: { enabled: boolean; blockedRanges: string[] };
}

export const normalAvailability: Availability = {
  maintenance: { enabled: false, message: null, endTime: null },
  regionBlock: { enabled: false, blockedRanges: [] },
};

/** Every address a browser on this machine can reach the server from. */
export const loopbackRanges = ['127.0.0.0/8', '::1/128', '::ffff:127.0.0.0/104'];

/** Switches the demo brand's maintenance / region block through the operator API. */
export async function setAvailability(request: APIRequestContext, body: Availability): Promise<void> {
  const res = await request.put(`/ops/merchants/${merchantCode}/availability`, {
    headers: { 'X-Ops-Key': opsApiKey },
    data: body,
  });
  expect(res.status(), `PUT availability failed: ${await res.text()}`).toBe(200);
  const json = (await res.json()) as { success: boolean; value: Availability };
  expect(json.success).toBe(true);
  expect(json.value).toEqual(body);
}

/** Back to normal operation: no maintenance, no region block. */
export function resetAvailability(request: APIRequestContext): Promise<void> {
  return setAvailability(request, normalAvailability);
}

export interface SystemStatus {
  systemStatus: 0 | 1 | 2;
  maintenance: boolean;
  regionRestriction: boolean;
  location: { ip: string };
  info: { brand: { name: string; supportLanguages: string[] } };
}

/** GET /wps/system/status as this client sees it. */
export async function systemStatus(request: APIRequestContext): Promise<SystemStatus> {
  const res = await request.get('/wps/system/status');
  expect(res.status()).toBe(200);
  const json = (await res.json()) as { success: boolean; value: SystemStatus };
  expect(json.success).toBe(true);
  return json.value;
}
