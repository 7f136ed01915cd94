import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { Modal } from '../components/modal';
import { paths } from '../config/paths';
import { LoginForm } from '../features/auth/components/login-form';
import { RegisterForm } from '../features/auth/components/register-form';
import { useBrand, usePermission, useWhitelabel } from '../lib/permission';
import { type ModalName, useUiStore } from '../lib/ui-store';

/** `/login` and `/register` open their modal over the home page; closing returns to `/`. */
const modalForPath: Record<string, ModalName> = { [paths.login]: 'login', [paths.register]: 'register' };

export function AuthModals() {
  const { t } = useTranslation('auth');
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const { modal, openModal, closeModal } = useUiStore();
  const rules = usePermission().info.register;
  const brand = useBrand();
  const wl = useWhitelabel();

  useEffect(() => {
    const wanted = modalForPath[pathname];
    if (wanted) openModal(wanted);
  }, [pathname, openModal]);

  const close = () => {
    closeModal();
    if (modalForPath[pathname]) void navigate(paths.home, { replace: true });
  };

  // Spec §4: mobile is the default registration mode when MOBILENUMREG3 is on.
  const modes = [
    ...(wl.MOBILENUMREG3 ? (['mobile'] as const) : []),
    ...(wl.USERNAMEREG3 || !wl.MOBILENUMREG3 ? (['username'] as const) : []),
  ];

  return (
    <>
      <Modal open={modal === 'login'} onClose={close} title={t('login_title')}>
        <LoginForm onRegister={() => openModal('register')} />
      </Modal>
      <Modal open={modal === 'register'} onClose={close} title={t('register_title')} size="medium">
        <RegisterForm
          rules={rules}
          modes={[...modes]}
          ageLimit={brand.ageLimit}
          onLogin={() => openModal('login')}
        />
      </Modal>
    </>
  );
}
