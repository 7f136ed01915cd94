import { z } from 'zod';
import { endpoints } from './endpoints.js';
import { defineRoute } from './route.js';

const cidrSchema = z
  .string()
  .trim()
  .max(64)
  .regex(/^[0-9a-fA-F:.]+(\/\d{1,3})?$/, 'an IP address or CIDR range');

export const brandAvailabilitySchema = z
  .object({
    maintenance: z.object({
      enabled: z.boolean(),
      message: z.string().max(2000).nullable(),
      /** ISO 8601 time the brand expects to be back, shown to players. */
      endTime: z.iso.datetime({ offset: true }).nullable(),
    }),
    regionBlock: z.object({
      enabled: z.boolean(),
      /** Visitors whose IP falls in any of these ranges see the region-block screen. */
      blockedRanges: z.array(cidrSchema).max(10_000),
    }),
  })
  .meta({ id: 'BrandAvailability' });
export type BrandAvailability = z.infer<typeof brandAvailabilitySchema>;

const merchantParams = z.object({ merchantCode: z.string().min(1).max(32) });

/**
 * Operator calls: an operator session (operator.ts) or the deployment's break-glass key
 * (`X-Ops-Key`, see docs/configuration.md); the roles allowed are in the endpoints table.
 */
export const opsRoutes = {
  opsGetAvailability: defineRoute({
    ...endpoints.opsGetAvailability,
    tag: 'ops',
    summary: "A brand's maintenance and region-block settings.",
    params: merchantParams,
    reply: brandAvailabilitySchema,
  }),
  opsSetAvailability: defineRoute({
    ...endpoints.opsSetAvailability,
    tag: 'ops',
    summary: 'Switch maintenance or region block; takes effect on every instance without a restart.',
    params: merchantParams,
    body: brandAvailabilitySchema,
    reply: brandAvailabilitySchema,
  }),
} as const;
