import { useSyncExternalStore } from 'react';

/**
 * App-wide toasts. A plain store (not React state) because toasts are raised from places outside the
 * component tree, such as route loaders and the session-expiry handler, and must outlive navigations.
 */
export type ToastSeverity = 'success' | 'info' | 'warning' | 'error';

/** A link the toast offers, e.g. to the cart an alert is about (an in-app path). */
export interface ToastLink {
  label: string;
  to: string;
  /** the close button's accessible name: a toast with a link draws its own (MUI's Alert drops it) */
  dismissLabel: string;
}

export interface Toast {
  id: number;
  message: string;
  severity: ToastSeverity;
  topic?: string;
  link?: ToastLink;
}

export interface ToastOptions {
  /**
   * Toasts about one thing (e.g. the answers to an operator's cart commands): a newer one takes the place of
   * an older one still showing or waiting, so the screen never tells of the previous action after the next.
   */
  topic?: string;
  link?: ToastLink;
}

let queue: readonly Toast[] = [];
let nextId = 1;
const listeners = new Set<() => void>();

function emit(): void {
  for (const listener of listeners) listener();
}

export function showToast(
  message: string,
  severity: ToastSeverity = 'info',
  options: ToastOptions = {},
): void {
  const toast: Toast = { id: nextId++, message, severity, ...options };
  const replaced = options.topic === undefined ? -1 : queue.findIndex((old) => old.topic === options.topic);
  if (replaced === -1) queue = [...queue, toast];
  else {
    const rest = queue.filter((old) => old.topic !== options.topic);
    queue = [...rest.slice(0, replaced), toast, ...rest.slice(replaced)];
  }
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
