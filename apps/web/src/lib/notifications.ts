import { useSyncExternalStore } from 'react';

/**
 * App-wide toasts. A plain store (not React state) because toasts are raised from places outside the
 * component tree, such as route loaders and the session-expiry handler, and must outlive navigations.
 */
export type ToastSeverity = 'success' | 'info' | 'warning' | 'error';

export interface Toast {
  id: number;
  message: string;
  severity: ToastSeverity;
}

let queue: readonly Toast[] = [];
let nextId = 1;
const listeners = new Set<() => void>();

function emit(): void {
  for (const listener of listeners) listener();
}

export function showToast(message: string, severity: ToastSeverity = 'info'): void {
  queue = [...queue, { id: nextId++, message, severity }];
  emit();
}

export function dismissToast(id: number): void {
  queue = queue.filter((toast) => toast.id !== id);
  emit();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const getQueue = () => queue;

export function useToasts(): readonly Toast[] {
  return useSyncExternalStore(subscribe, getQueue, getQueue);
}

/** Drops every pending toast (a fresh start, as between tests). */
export function dismissAllToasts(): void {
  queue = [];
  emit();
}
