import type { RegisterRules } from '@arcadia/contract/client';
import type { TFunction } from 'i18next';

type Rule = RegisterRules[keyof RegisterRules];

/**
 * Spec §5: the message of a rule's pattern with `(min)` and `(max)` substituted, and
 * `(min) - (max)` collapsed to one number when both bounds are equal.
 */
export function ruleMessage(
  t: TFunction<'auth'>,
  rule: Pick<Rule, 'patternId' | 'minLength' | 'maxLength'> | undefined,
  reason: string,
): string {
  if (reason === 'required' || !rule) return t('field_required');
  const range =
    rule.minLength === rule.maxLength ? String(rule.minLength) : `${rule.minLength} - ${rule.maxLength}`;
  return t(`reg_pattern_${rule.patternId}` as 'reg_pattern_0')
    .replace('(min) - (max)', range)
    .replace('(min)', String(rule.minLength))
    .replace('(max)', String(rule.maxLength));
}
