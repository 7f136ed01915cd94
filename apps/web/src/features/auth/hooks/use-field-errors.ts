import type { RegisterRules } from '@arcadia/contract/client';
import { useCallback } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { ApiError } from '../../../lib/api-client';
import { ruleMessage } from '../lib/rule-message';

type RuleBounds = { patternId: number; min: number; max: number };
type Rule = RegisterRules['password'];

/** Fields whose `invalid` reason has a precise message in the error catalogue. */
const invalidMessages = {
  mobileNum: 'errors:mobile.invalid',
  affiliateCode: 'errors:invitation_code_error',
  oldPassword: 'errors:password.old.invalid',
  verificationCode: 'errors:verification.code.invalid',
} as const;

/**
 * Server field errors (`value.fields`: field → reason) as messages to show on the fields.
 * `length`/`pattern` use the field's rule (the reply's `value.rules` when it sends one, else the
 * brand's registration rules), so the text matches what the form itself would have said.
 */
export function useServerFieldErrors(rules?: RegisterRules) {
  const { t } = useTranslation(['auth', 'errors']);
  return useCallback(
    (err: unknown): Record<string, string> => {
      if (!(err instanceof ApiError)) return {};
      const fields = err.value?.fields;
      if (!fields || typeof fields !== 'object') return {};
      const replyRules = (err.value?.rules ?? {}) as Record<string, RuleBounds | undefined>;
      const ruleOf = (
        field: string,
      ): Rule | Pick<Rule, 'patternId' | 'minLength' | 'maxLength'> | undefined => {
        const b = replyRules[field];
        if (b) return { patternId: b.patternId, minLength: b.min, maxLength: b.max };
        const name = field === 'newPassword' ? 'password' : field;
        return (rules as Record<string, Rule> | undefined)?.[name];
      };
      const message = (field: string, reason: string): string => {
        switch (reason) {
          case 'required':
            return t('field_required');
          case 'length':
          case 'pattern':
            return ruleMessage(t, ruleOf(field), reason);
          case 'taken':
            return t('field_taken');
          case 'mismatch':
            return t('inconsistent_twice');
          default:
            return field in invalidMessages
              ? t(invalidMessages[field as keyof typeof invalidMessages])
              : t('field_invalid');
        }
      };
      return Object.fromEntries(
        Object.entries(fields as Record<string, string>).map(([field, reason]) => [
          field,
          message(field, reason),
        ]),
      );
    },
    [t, rules],
  );
}
