import { Suspense, lazy, useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { paths } from '../config/paths';
import { type ModalName, useUiStore } from '../lib/ui-store';

// The forms and the dialog library load when a modal first opens, not with the home page.
const AuthDialogs = lazy(() => import('./auth-dialogs'));

/** `/login` and `/register` open their modal over the home page; closing returns to `/`. */
const modalForPath: Record<string, ModalName> = { [paths.login]: 'login', [paths.register]: 'register' };

const accountModals = ['login', 'register', 'forgot', 'changePassword', 'logout', 'trialInfo'] as const;
export type AccountModal = (typeof accountModals)[number];
const isAccountModal = (m: ModalName | null): m is AccountModal =>
  (accountModals as readonly string[]).includes(m ?? '');

export function AuthModals() {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const { modal, openModal, closeModal } = useUiStore();

  useEffect(() => {
    const wanted = modalForPath[pathname];
    if (wanted) openModal(wanted);
  }, [pathname, openModal]);

  if (!isAccountModal(modal)) return null;
  const close = () => {
    closeModal();
    if (modalForPath[pathname]) void navigate(paths.home, { replace: true });
  };
  return (
    <Suspense fallback={null}>
      <AuthDialogs modal={modal} onClose={close} />
    </Suspense>
  );
}
