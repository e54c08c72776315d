import type { ReactNode } from 'react';

export type ToastVariant = 'default' | 'destructive';

export interface ToastInput {
  title: ReactNode;
  description?: ReactNode;
  variant?: ToastVariant;
}

interface ToastItem extends ToastInput {
  id: number;
}

type Listener = () => void;

/**
 * The toasts on screen, outside React so `toast()` works from a mutation callback as well as a
 * component. Spec section 4: only one shows at a time, so a new toast replaces the current one.
 */
let toasts: readonly ToastItem[] = [];
let nextId = 1;
const listeners = new Set<Listener>();

const publish = (next: readonly ToastItem[]) => {
  toasts = next;
  for (const listener of listeners) listener();
};

export const toastStore = {
  subscribe(listener: Listener) {
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  },
  getSnapshot: () => toasts,
  show(input: ToastInput) {
    const item: ToastItem = { variant: 'default', ...input, id: nextId++ };
    publish([item]);
    return item.id;
  },
  dismiss(id: number) {
    if (toasts.some((item) => item.id === id)) publish(toasts.filter((item) => item.id !== id));
  },
};

/** Shows a toast (the one visible at a time): `toast({ title: 'Project created' })`. */
export const toast = (input: ToastInput) => toastStore.show(input);
