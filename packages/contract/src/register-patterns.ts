/**
 * The registration pattern catalogue (spec §5). A brand's field rule names a `patternId`;
 * the client shows `reg_pattern_<id>` with (min)/(max) substituted and both sides test the value
 * against the same regular expression, so the server enforces exactly what the form shows.
 */
export const registerPatterns = {
  0: '^[\\s\\S]*$', // any characters, length rule only
  1: '^[A-Za-z][A-Za-z0-9]*$', // letter first, then letters or digits
  2: '^[\\u4e00-\\u9fa5\\u3400-\\u4dbf0-9]+$', // kanji and digits
  3: '^[^\\s@]+@[^\\s@]+\\.[^\\s@]+$', // email
  4: '^[A-Za-z0-9]+$', // letters or digits
  5: '^(?=.*[A-Za-z])(?=.*[0-9])[A-Za-z0-9]+$', // letters and digits combined
  6: '^[0-9]+$', // digits only
  7: '^(?=.*[A-Z])[A-Za-z0-9]+$', // alphanumeric with at least one uppercase
  8: '^[A-Za-z ]+$', // English letters and spaces
  9: '^\\S+$', // no spaces
  10: '^[\\u4e00-\\u9fa5\\u3000-\\u303f\\uff00-\\uffef·]+$', // Chinese characters and punctuation
  11: '^(\\d{4}-\\d{2}-\\d{2}|\\d{2}-\\d{2}-\\d{4})$', // yyyy-MM-dd or MM-dd-yyyy
  12: '^[\\uac00-\\ud7a3\\u1100-\\u11ff\\u3130-\\u318f]+$', // Korean only
  13: '^[\\u0e00-\\u0e7f]+$', // Thai only
  14: '^[\\u0e00-\\u0e7fA-Za-z ]+$', // Thai or English with spaces
  15: '^(?=.*[A-Z])[A-Z ]+$', // uppercase with spaces, at least one letter
  16: '^[A-Za-z0-9!-/:-@\\[-`{-~]+$', // letters, digits, symbols
  17: '^(?=.*[A-Z])(?=.*[a-z])(?=.*[0-9])(?=.*[^A-Za-z0-9]).+$', // upper, lower, digit and symbol
  18: '^[^\\s]+ [^\\s]+$', // first and last name separated by one space
  19: '^[\\u3040-\\u309f\\u30a0-\\u30ff\\u4e00-\\u9faf]+$', // full-width hiragana, katakana or kanji
  20: '^[A-Z]+$', // uppercase only
  21: '^9[0-9]*$', // digits starting with 9
} as const satisfies Record<number, string>;

export type RegisterPatternId = keyof typeof registerPatterns;
export const registerPatternIds = Object.keys(registerPatterns).map(Number) as RegisterPatternId[];

/** Fields whose rules the brand configures (reference §2.1 `setting/register`). */
export const registerFields = [
  'username',
  'password',
  'payeeName',
  'paymentPassword',
  'qqNum',
  'line',
  'whatsapp',
  'facebook',
  'wechat',
  'idNumber',
  'email',
  'mobileNum',
  'affiliateCode',
  'captcha',
  'recommenderId',
] as const;
export type RegisterField = (typeof registerFields)[number];

/** One field's rule as the brand configures it (`registerFieldRuleSchema` validates it). */
export interface RegisterFieldRule {
  enabled: boolean;
  required: boolean;
  patternId: number;
  minLength: number;
  maxLength: number;
  /** An extra regular expression the value must match; `*` accepts anything. */
  acceptedPattern: string;
  type: 'text' | 'password' | 'email' | 'tel' | 'number';
}

export type RegisterRules = Record<RegisterField, RegisterFieldRule>;

/**
 * Checks one value against a rule. Returns null when it passes, else the reason, which the UI
 * turns into the `reg_pattern_<id>` message. Empty optional values pass.
 */
export function checkRegisterField(
  rule: RegisterFieldRule,
  value: string | undefined | null,
): 'required' | 'length' | 'pattern' | null {
  const v = (value ?? '').trim();
  if (v === '') return rule.required ? 'required' : null;
  const length = [...v].length;
  if (length < rule.minLength || length > rule.maxLength) return 'length';
  if (!new RegExp(registerPatterns[rule.patternId as RegisterPatternId], 'u').test(v)) return 'pattern';
  if (rule.acceptedPattern !== '*' && rule.acceptedPattern !== '') {
    if (!new RegExp(`^(?:${rule.acceptedPattern})$`, 'u').test(v)) return 'pattern';
  }
  return null;
}
