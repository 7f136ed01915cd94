import { useTranslation } from 'react-i18next';
import { Modal } from '../components/modal';
import { LoginForm } from '../features/auth/components/login-form';
import { RegisterForm } from '../features/auth/components/register-form';
import { useBrand, usePermission, useWhitelabel } from '../lib/permission';
import type { ModalName } from '../lib/ui-store';

interface AuthDialogsProps {
  modal: 'login' | 'register';
  onClose(): void;
  onSwitch(modal: ModalName): void;
}

export default function AuthDialogs({ modal, onClose, onSwitch }: AuthDialogsProps) {
  const { t } = useTranslation('auth');
  const rules = usePermission().info.register;
  const brand = useBrand();
  const wl = useWhitelabel();
  // Spec §4: mobile is the default registration mode when MOBILENUMREG3 is on.
  const modes = [
    ...(wl.MOBILENUMREG3 ? (['mobile'] as const) : []),
    ...(wl.USERNAMEREG3 || !wl.MOBILENUMREG3 ? (['username'] as const) : []),
  ];
  return (
    <>
      <Modal open={modal === 'login'} onClose={onClose} title={t('login_title')}>
        <LoginForm onRegister={() => onSwitch('register')} />
      </Modal>
      <Modal open={modal === 'register'} onClose={onClose} title={t('register_title')} size="medium">
        <RegisterForm
          rules={rules}
          modes={[...modes]}
          ageLimit={brand.ageLimit}
          onLogin={() => onSwitch('login')}
        />
      </Modal>
    </>
  );
}
