import { create } from 'zustand';

export interface VendorPopupTarget {
  vassalage: string;
  gameType: string;
  displayName: string;
}

interface LobbyUiState {
  /** A VASSALAGE entry's game list shown in a popup (spec §2). */
  vendorPopup: VendorPopupTarget | null;
  /** The notice modal, opened from the marquee on a given notice. */
  noticeOpen: string | null;
  openVendorPopup(target: VendorPopupTarget): void;
  closeVendorPopup(): void;
  openNotices(id: string): void;
  closeNotices(): void;
}

export const useLobbyUi = create<LobbyUiState>((set) => ({
  vendorPopup: null,
  noticeOpen: null,
  openVendorPopup: (vendorPopup) => set({ vendorPopup }),
  closeVendorPopup: () => set({ vendorPopup: null }),
  openNotices: (noticeOpen) => set({ noticeOpen }),
  closeNotices: () => set({ noticeOpen: null }),
}));
