import { useCallback, useMemo } from 'react';
import { useLocaleTag } from '../../../lib/locale-tag';

/** Date and time in the interface language's conventions, to the second: `format(iso)`. */
export function useDateTime() {
  const locale = useLocaleTag();
  const formatter = useMemo(
    () =>
      new Intl.DateTimeFormat(locale, {
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
        hour: '2-digit',
        minute: '2-digit',
        second: '2-digit',
      }),
    [locale],
  );
  return useCallback((iso: string) => formatter.format(new Date(iso)), [formatter]);
}
