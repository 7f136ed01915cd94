import { isAgentType, isTrialType } from '@arcadia/contract/client';
import { create } from 'zustand';
import { session } from './storage';

export type PasswordChange = 'none' | 'expired' | 'temporary';

interface SessionState {
  token: string | null;
  isLogin: boolean;
  isAgent: boolean;
  isTrial: boolean;
  /**
   * A password change forced by the login (spec §4): `temporary` when the reply said
   * `mustChangePassword` (a temporary or default password: the old one is not asked), `expired`
   * when the password expired under PWDEXPFORCECHANGE3 (the old one is asked). In memory only.
   */
  passwordChange: PasswordChange;
  /** Public state of spec §3: the brand runs VIP, the member's tier label and level (from member info). */
  hasVip: boolean;
  vipLabelName: string | null;
  vipRankLevel: number;
  setVip(vip: { hasVip: boolean; labelName: string; rankLevel: number }): void;
  setToken(token: string | null): void;
  setMemberType(type: number): void;
  setPasswordChange(value: PasswordChange): void;
  clear(): void;
}

function initialToken(): string | null {
  // A token in the URL logs the user in on boot (reference §1); it then lives in session storage.
  // Except on a house game page (`/play/…`): its `token` is the game launch's, not a site session,
  // and the page shares session storage with the site around its iframe.
  const gamePage = typeof location !== 'undefined' && location.pathname.startsWith('/play/');
  const fromUrl =
    typeof location === 'undefined' || gamePage ? null : new URLSearchParams(location.search).get('token');
  if (fromUrl) session.set('token', fromUrl);
  return fromUrl ?? session.get('token');
}

const storedType = Number(session.get('isAgent') ?? NaN);

/** Session state of spec §3: token plus the login flags derived from the member type. */
export const useSessionStore = create<SessionState>((set) => ({
  token: initialToken(),
  isLogin: false,
  isAgent: Number.isFinite(storedType) && isAgentType(storedType),
  isTrial: Number.isFinite(storedType) && isTrialType(storedType),
  passwordChange: 'none',
  hasVip: false,
  vipLabelName: null,
  vipRankLevel: 0,
  setVip(vip) {
    set({ hasVip: vip.hasVip, vipLabelName: vip.labelName, vipRankLevel: vip.rankLevel });
  },
  setToken(token) {
    if (token) session.set('token', token);
    else session.remove('token');
    set({ token });
  },
  setMemberType(type) {
    session.set('isAgent', String(type));
    set({ isLogin: true, isAgent: isAgentType(type), isTrial: isTrialType(type) });
  },
  setPasswordChange(passwordChange) {
    set({ passwordChange });
  },
  clear() {
    session.clearKeepingMerchant();
    set({
      token: null,
      isLogin: false,
      isAgent: false,
      isTrial: false,
      passwordChange: 'none',
      hasVip: false,
      vipLabelName: null,
      vipRankLevel: 0,
    });
  },
}));
