/**
 * Whether the screens are currently showing the saved (offline) catalogue. Set when a catalogue
 * read fell back to IndexedDB, cleared when a read reaches the API again.
 */
import { useSyncExternalStore } from 'react';

let showingSavedCatalogue = false;
const listeners = new Set<() => void>();

export function setShowingSavedCatalogue(value: boolean): void {
  if (showingSavedCatalogue === value) return;
  showingSavedCatalogue = value;
  for (const listener of listeners) listener();
}

export function isShowingSavedCatalogue(): boolean {
  return showingSavedCatalogue;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useShowingSavedCatalogue(): boolean {
  return useSyncExternalStore(subscribe, isShowingSavedCatalogue, () => false);
}
