import { z } from 'zod';
import {
  type RegisterFieldRule,
  type RegisterRules,
  registerFields,
  registerPatterns,
} from './register-patterns.js';

export const registerFieldRuleSchema = z.object({
  enabled: z.boolean(),
  required: z.boolean(),
  patternId: z
    .number()
    .int()
    .refine((id) => Object.hasOwn(registerPatterns, id), 'unknown pattern id'),
  minLength: z.number().int().min(0).max(255),
  maxLength: z.number().int().min(1).max(255),
  /** An extra regular expression the value must match; `*` accepts anything. */
  acceptedPattern: z.string().max(500),
  type: z.enum(['text', 'password', 'email', 'tel', 'number']),
});

export const registerRulesSchema = z
  .record(z.enum(registerFields), registerFieldRuleSchema)
  .meta({ id: 'RegisterRules' });

// The schemas and the zod-free types the client uses must describe the same thing.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
export const registerTypesAgree: Same<z.infer<typeof registerFieldRuleSchema>, RegisterFieldRule> &
  Same<z.infer<typeof registerRulesSchema>, RegisterRules> = true;
