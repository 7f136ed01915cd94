import { create } from 'zustand';

export type ToastKind = 'success' | 'error' | 'info';

export interface Toast {
  id: number;
  kind: ToastKind;
  message: string;
}

interface ToastState {
  toasts: Toast[];
  show(message: string, kind?: ToastKind): void;
  dismiss(id: number): void;
}

/** How long a toast stays on screen. */
export const toastDuration = 4000;
/** At most this many at once; the oldest goes first. */
const maxToasts = 3;
let nextId = 1;

/** Short, self-dismissing confirmations ("Transfer successful"); rendered by `<Toaster />`. */
export const useToastStore = create<ToastState>((set) => ({
  toasts: [],
  show(message, kind = 'success') {
    const id = nextId++;
    set((s) => ({ toasts: [...s.toasts, { id, kind, message }].slice(-maxToasts) }));
  },
  dismiss(id) {
    set((s) => ({ toasts: s.toasts.filter((t) => t.id !== id) }));
  },
}));

export const showToast = (message: string, kind?: ToastKind) => useToastStore.getState().show(message, kind);
