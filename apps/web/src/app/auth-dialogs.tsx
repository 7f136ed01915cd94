import { useTranslation } from '../lib/i18n';
import { useNavigate } from 'react-router';
import { ConfirmDialog, Modal } from '../components/modal';
import { paths } from '../config/paths';
import { ChangePasswordForm } from '../features/auth/components/change-password-form';
import { ForgotPassword } from '../features/auth/components/forgot-password';
import { LoginPanel } from '../features/auth/components/login-panel';
import { RegisterPanel } from '../features/auth/components/register-panel';
import { useBrand, usePermission, useWhitelabel } from '../lib/permission';
import { useSessionStore } from '../lib/session-store';
import { useUiStore } from '../lib/ui-store';
import type { AccountModal } from './auth-modals';
import { useAfterLogin, useAfterPasswordChange, useLogoutFlow, useTrialUpgrade } from './session-flows';

interface AuthDialogsProps {
  modal: AccountModal;
  onClose(): void;
}

/** The account dialogs: login, register, forgot and change password, logout, trial notice. */
export default function AuthDialogs({ modal, onClose }: AuthDialogsProps) {
  const { t } = useTranslation(['auth', 'common']);
  const rules = usePermission().info.register;
  const brand = useBrand();
  const wl = useWhitelabel();
  const navigate = useNavigate();
  const { openModal, closeModal, notice } = useUiStore();
  const forced = useSessionStore((s) => s.passwordChange !== 'none');
  const afterLogin = useAfterLogin();
  const afterPasswordChange = useAfterPasswordChange();
  const logout = useLogoutFlow();
  const upgradeTrial = useTrialUpgrade();
  // Spec §4: mobile is the default registration mode when MOBILENUMREG3 is on.
  const modes = [
    ...(wl.MOBILENUMREG3 ? (['mobile'] as const) : []),
    ...(wl.USERNAMEREG3 || !wl.MOBILENUMREG3 ? (['username'] as const) : []),
  ];
  return (
    <>
      <Modal open={modal === 'login'} onClose={onClose} title={t('login_title')}>
        <LoginPanel
          notice={notice === 'passwordReset' ? t('password_reset_done') : undefined}
          onRegister={() => openModal('register')}
          onForgot={() => openModal('forgot')}
          onLoggedIn={(outcome) => afterLogin(outcome)}
        />
      </Modal>
      <Modal open={modal === 'register'} onClose={onClose} title={t('register_title')} size="medium">
        <RegisterPanel
          rules={rules}
          modes={[...modes]}
          ageLimit={brand.ageLimit}
          onLogin={() => openModal('login')}
          onRegistered={({ forcePasswordChange }) => {
            // Spec §4: registration success closes the modal and goes home.
            if (forcePasswordChange) return openModal('changePassword');
            closeModal();
            void navigate(paths.home);
          }}
        />
      </Modal>
      <Modal open={modal === 'forgot'} onClose={onClose} title={t('forgot_title')}>
        <ForgotPassword
          rules={rules}
          onLogin={(reset) => openModal('login', reset ? 'passwordReset' : undefined)}
        />
      </Modal>
      <Modal
        open={modal === 'changePassword'}
        onClose={onClose}
        title={t('change_password')}
        dismissible={!forced}
      >
        <ChangePasswordForm rules={rules} onChanged={afterPasswordChange} />
      </Modal>
      <ConfirmDialog
        open={modal === 'logout'}
        title={t('common:in_popup_prompt')}
        message={t('common:in_sure_logout')}
        confirmLabel={t('common:in_increase_submit')}
        cancelLabel={t('common:in_more_cancel')}
        onConfirm={() => void logout()}
        onCancel={onClose}
      />
      <ConfirmDialog
        open={modal === 'trialInfo'}
        title={t('common:in_popup_prompt')}
        message={t('common:in_need_true_account')}
        confirmLabel={t('common:in_increase_submit')}
        onConfirm={() => void upgradeTrial()}
        onCancel={onClose}
      />
    </>
  );
}
