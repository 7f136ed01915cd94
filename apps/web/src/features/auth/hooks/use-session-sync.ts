import { useEffect } from 'react';
import { useMemberInfoQuery } from '../api/session';
import { captureInvitationCodes } from '../lib/invitation';
import { storeMemberInfo } from '../lib/session-items';

/**
 * Boot with a token (URL `?token=` or session storage): load member info and mark the session
 * logged in (spec §4). A 401 is handled by the query client, which clears the session.
 * Also keeps invitation codes from the landing URL for a later registration.
 */
export function useSessionSync() {
  const { data } = useMemberInfoQuery();
  useEffect(() => {
    if (data) storeMemberInfo(data);
  }, [data]);
  useEffect(() => {
    captureInvitationCodes(location.search);
  }, []);
}
