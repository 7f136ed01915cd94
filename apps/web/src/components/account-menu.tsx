import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { useTranslation } from '../lib/i18n';
import { useId } from 'react';
import { CountBadge } from './count-badge';
import { CopyGlyph, useCopy } from './user-id';

interface AccountMenuProps {
  /** Nickname, else account: shown on the trigger and atop the menu. */
  name: string;
  /** Member info id, copyable from the menu (the header chip is hidden on narrower screens). */
  userId?: string | undefined;
  vipLabel?: string | undefined;
  isAgent: boolean;
  isTrial: boolean;
  /** Spec §3 `unreadMessage`: a badge on the avatar and on the messages entry when above 0. */
  unreadMessages?: number;
  onMemberPage(page: 'securityCenter' | 'personalHistoryCopy' | 'messageV2'): void;
  onCustomerService?: (() => void) | undefined;
  onChangePassword(): void;
  onAgentCentre(): void;
  onLogout(): void;
}

/**
 * The avatar menu of spec §2: account, betting record, messages, customer service, change
 * password, agent entry (agents only) and sign out. Radix supplies the menu semantics, roving
 * focus and Escape handling.
 */
export function AccountMenu({
  name,
  userId,
  vipLabel,
  isAgent,
  isTrial,
  unreadMessages = 0,
  onMemberPage,
  onCustomerService,
  onChangePassword,
  onAgentCentre,
  onLogout,
}: AccountMenuProps) {
  const { t } = useTranslation();
  const initial = [...name.trim()][0]?.toUpperCase() ?? '';
  const { copied, copy } = useCopy(userId ?? '');
  const unreadId = useId();
  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger
        className="avatar-button"
        aria-label={t('account_menu')}
        aria-describedby={unreadMessages > 0 ? unreadId : undefined}
      >
        <span className="avatar" aria-hidden="true">
          {initial || (
            <svg viewBox="0 0 24 24" width="18" height="18">
              <circle cx="12" cy="8" r="4" fill="currentColor" />
              <path d="M4 21c1-4.5 4.3-7 8-7s7 2.5 8 7" fill="currentColor" />
            </svg>
          )}
          {unreadMessages > 0 && (
            <span className="count-badge count-badge--dot" data-testid="avatar-unread">
              {unreadMessages > 99 ? '99+' : unreadMessages}
            </span>
          )}
        </span>
        {unreadMessages > 0 && (
          <span id={unreadId} className="visually-hidden">
            {t('unread_messages', { count: unreadMessages })}
          </span>
        )}
        <span className="avatar-button__name hide-medium">{name}</span>
        <svg viewBox="0 0 24 24" width="14" height="14" aria-hidden="true">
          <path d="m6 9 6 6 6-6" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </svg>
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content className="menu" align="end" sideOffset={8}>
          <DropdownMenu.Label className="menu__label">
            <span className="menu__name">{name}</span>
            {vipLabel && <span className="vip-label">{vipLabel}</span>}
          </DropdownMenu.Label>
          {userId && (
            <DropdownMenu.Item
              className="menu__item menu__item--muted"
              title={t('copy_user_id')}
              // The menu stays open so the "Copied" confirmation can be seen.
              onSelect={(e) => {
                e.preventDefault();
                copy();
              }}
            >
              <span>{copied ? t('copied') : t('user_id', { id: userId })}</span>
              <span className="visually-hidden">{t('copy_user_id')}</span>
              <CopyGlyph />
            </DropdownMenu.Item>
          )}
          <DropdownMenu.Separator className="menu__separator" />
          <DropdownMenu.Item className="menu__item" onSelect={() => onMemberPage('securityCenter')}>
            {t('in_my_account')}
          </DropdownMenu.Item>
          <DropdownMenu.Item className="menu__item" onSelect={() => onMemberPage('personalHistoryCopy')}>
            {t('in_betting_record')}
          </DropdownMenu.Item>
          <DropdownMenu.Item className="menu__item" onSelect={() => onMemberPage('messageV2')}>
            {t('in_platform_information')}
            <CountBadge count={unreadMessages} />
          </DropdownMenu.Item>
          {onCustomerService && (
            <DropdownMenu.Item className="menu__item" onSelect={onCustomerService}>
              {t('customer_service')}
            </DropdownMenu.Item>
          )}
          {!isTrial && (
            <DropdownMenu.Item className="menu__item" onSelect={onChangePassword}>
              {t('change_password')}
            </DropdownMenu.Item>
          )}
          {isAgent && (
            <DropdownMenu.Item className="menu__item" onSelect={onAgentCentre}>
              {t('agent_entry')}
            </DropdownMenu.Item>
          )}
          <DropdownMenu.Separator className="menu__separator" />
          <DropdownMenu.Item className="menu__item menu__item--danger" onSelect={onLogout}>
            {t('logout')}
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
