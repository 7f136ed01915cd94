import { create } from 'zustand';

export type ModalName = 'login' | 'register' | 'forgot' | 'notice' | 'trialInfo';

interface UiState {
  modal: ModalName | null;
  sideMenuOpen: boolean;
  loading: boolean;
  openModal(modal: ModalName): void;
  closeModal(): void;
  /** Spec §4: the side menu can be set, toggled or forced. */
  setSideMenu(open: boolean): void;
  toggleSideMenu(): void;
  setLoading(loading: boolean): void;
}

export const useUiStore = create<UiState>((set) => ({
  modal: null,
  sideMenuOpen: typeof window === 'undefined' || window.innerWidth >= 1024,
  loading: false,
  openModal: (modal) => set({ modal }),
  closeModal: () => set({ modal: null }),
  setSideMenu: (sideMenuOpen) => set({ sideMenuOpen }),
  toggleSideMenu: () => set((s) => ({ sideMenuOpen: !s.sideMenuOpen })),
  setLoading: (loading) => set({ loading }),
}));
