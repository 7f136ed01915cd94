import { useCallback } from 'react';
import { useTranslation } from '../../../lib/i18n';

const named = new Set([0, 1, 2, 4, 41, 42]);

/** A member type's name (0 member, 1 top agent, 2 agent, 41 recruiting agent, 42 sub-agent). */
export function useMemberTypeName() {
  const { t } = useTranslation('agent');
  return useCallback(
    (type: number) => (named.has(type) ? t(`member_type.${type as 0}`) : t('member_type_other', { type })),
    [t],
  );
}
