import type { LanguageCode } from '@arcadia/contract/client';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';

export const helpKeys = { topics: (lang: string) => ['help', 'topics', lang] as const };

export function useHelpTopicsQuery(lang: LanguageCode) {
  return useQuery({
    queryKey: helpKeys.topics(lang),
    queryFn: () => call('systemHelpCenter', { query: { lang, device: 'WEB' } }),
    staleTime: 10 * 60_000,
  });
}
