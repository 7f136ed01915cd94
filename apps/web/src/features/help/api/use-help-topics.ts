import { systemRoutes } from '@arcadia/contract';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';

export const helpKeys = { topics: (lang: string) => ['help', 'topics', lang] as const };

export function useHelpTopicsQuery(lang: string) {
  return useQuery({
    queryKey: helpKeys.topics(lang),
    queryFn: () => call(systemRoutes.helpCenter, { query: { lang, device: 'WEB' } }),
    staleTime: 10 * 60_000,
  });
}
