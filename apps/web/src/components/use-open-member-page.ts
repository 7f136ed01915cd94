import { useNavigate } from 'react-router';
import { paths } from '../config/paths';
import { useSessionStore } from '../lib/session-store';
import { useUiStore } from '../lib/ui-store';

/**
 * Opening the member centre (spec §4): a visitor gets the login popup, a trial account the
 * "register an account first" notice; only real members go through.
 */
export function useOpenMemberPage() {
  const navigate = useNavigate();
  const token = useSessionStore((s) => s.token);
  const isTrial = useSessionStore((s) => s.isTrial);
  const openModal = useUiStore((s) => s.openModal);
  return (page: string) => {
    if (!token) return openModal('login');
    if (isTrial) return openModal('trialInfo');
    void navigate(`${paths.member}?page=${page}`);
  };
}
