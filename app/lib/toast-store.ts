/**
 * Toast state (spec §9): one visible at a time; a dismissed toast is removed from memory
 * 1,000,000 ms later; variants default and destructive. Auto-close (5,000 ms), the 50 px swipe
 * threshold and the F8 hotkey are set on the radix provider (app/components/toaster.tsx).
 */
import { useSyncExternalStore } from "react";

export const TOAST_LIMIT = 1;
export const TOAST_REMOVE_DELAY = 1_000_000;
export const TOAST_DURATION = 5_000;
export const TOAST_SWIPE_THRESHOLD = 50;

export type ToastVariant = "default" | "destructive";
export type ToastItem = { id: string; title: string; description?: string; variant: ToastVariant; open: boolean };

let toasts: ToastItem[] = [];
const listeners = new Set<() => void>();
const removals = new Map<string, ReturnType<typeof setTimeout>>();
let counter = 0;

function emit() {
  for (const l of listeners) l();
}

export function toast(input: { title: string; description?: string; variant?: ToastVariant }) {
  const id = String(++counter);
  toasts = [
    { id, title: input.title, description: input.description, variant: input.variant ?? "default", open: true },
    ...toasts,
  ].slice(0, TOAST_LIMIT);
  emit();
  return id;
}

export function dismissToast(id: string) {
  toasts = toasts.map((t) => (t.id === id ? { ...t, open: false } : t));
  emit();
  if (!removals.has(id)) {
    removals.set(
      id,
      setTimeout(() => {
        removals.delete(id);
        toasts = toasts.filter((t) => t.id !== id);
        emit();
      }, TOAST_REMOVE_DELAY),
    );
  }
}

export function currentToasts() {
  return toasts;
}

export function useToasts() {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => toasts,
    () => toasts,
  );
}
