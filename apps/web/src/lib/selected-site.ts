import { useSyncExternalStore } from 'react';
import { readStorage, STORAGE_KEYS, writeStorage } from './storage';

/**
 * The site the operator works on. Stored with the id of the user who chose it, so that the choice of one
 * user on a shared browser never logs the next user out (the after-login rule logs out when the stored
 * site is not among the user's sites).
 */
interface StoredSelection {
  userId: string | null;
  siteId: string;
}

const listeners = new Set<() => void>();

function readSelection(): StoredSelection | null {
  const raw = readStorage(STORAGE_KEYS.selectedSite);
  if (!raw) return null;
  try {
    const parsed: unknown = JSON.parse(raw);
    if (
      typeof parsed === 'object' &&
      parsed !== null &&
      typeof (parsed as StoredSelection).siteId === 'string'
    ) {
      const { userId, siteId } = parsed as StoredSelection;
      return { userId: typeof userId === 'string' ? userId : null, siteId };
    }
  } catch {
    // An unreadable value is treated as no selection.
  }
  return null;
}

let current: StoredSelection | null = readSelection();

/** The stored site id if it was chosen by `userId` (or by an unknown user), else null. */
export function getStoredSiteIdFor(userId: string | null): string | null {
  current = readSelection();
  if (!current) return null;
  if (current.userId !== null && userId !== null && current.userId !== userId) return null;
  return current.siteId;
}

/** The site id dashboard calls carry in their `site-id` header. */
export const getSelectedSiteId = (): string | null => current?.siteId ?? null;

export function setSelectedSite(siteId: string, userId: string | null): void {
  if (current?.siteId === siteId && current.userId === userId) return;
  current = { siteId, userId };
  writeStorage(STORAGE_KEYS.selectedSite, JSON.stringify(current));
  for (const listener of listeners) listener();
}

export function clearSelectedSite(): void {
  current = null;
  writeStorage(STORAGE_KEYS.selectedSite, null);
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useSelectedSiteId(): string | null {
  return useSyncExternalStore(subscribe, getSelectedSiteId, getSelectedSiteId);
}
