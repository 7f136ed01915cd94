import { create } from 'zustand';

export type ModalName =
  'login' | 'register' | 'forgot' | 'changePassword' | 'logout' | 'notice' | 'trialInfo' | 'contractOffer';

/** A one-line message shown at the top of the next modal (e.g. after a password reset). */
export type ModalNotice = 'passwordReset';

interface UiState {
  modal: ModalName | null;
  notice: ModalNotice | null;
  sideMenuOpen: boolean;
  loading: boolean;
  openModal(modal: ModalName, notice?: ModalNotice): void;
  closeModal(): void;
  /** Spec §4: the side menu can be set, toggled or forced. */
  setSideMenu(open: boolean): void;
  toggleSideMenu(): void;
  setLoading(loading: boolean): void;
}

export const useUiStore = create<UiState>((set) => ({
  modal: null,
  notice: null,
  sideMenuOpen: typeof window === 'undefined' || window.innerWidth >= 1024,
  loading: false,
  openModal: (modal, notice) => set({ modal, notice: notice ?? null }),
  closeModal: () => set({ modal: null, notice: null }),
  setSideMenu: (sideMenuOpen) => set({ sideMenuOpen }),
  toggleSideMenu: () => set((s) => ({ sideMenuOpen: !s.sideMenuOpen })),
  setLoading: (loading) => set({ loading }),
}));
