import { z } from 'zod';
import { errorCodes } from './errors.js';

/** Every `/wps` and `/lgw` reply: `{ success: true, value }`. */
export function okEnvelope<T extends z.ZodType>(value: T) {
  return z.object({ success: z.literal(true), value });
}

/** Every failure: a stable `code`, an English fallback `message`, and details in `value`. */
export const errorEnvelopeSchema = z
  .object({
    success: z.literal(false),
    code: z.enum(errorCodes as [string, ...string[]]),
    message: z.string(),
    value: z.record(z.string(), z.unknown()).optional(),
  })
  .meta({ id: 'ErrorEnvelope' });

export type ErrorEnvelope = z.infer<typeof errorEnvelopeSchema>;

/** The failing fields of a `request_param_err`: path → first message. */
export const fieldErrorsSchema = z.record(z.string(), z.string());
