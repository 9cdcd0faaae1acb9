import { hasStored, readStored, removeStored, withSchema, writeStored } from '../../../lib/storage';
import { SAVED_PROGRESS_KEY, type SavedProgress } from '../model/saved-progress';

/**
 * The progress saved on this device, if it is still valid. Its schema (and zod with it) is
 * downloaded only when something is stored, so a first visit never waits for it.
 */
export async function loadProgress(): Promise<SavedProgress | null> {
  if (!hasStored('local', SAVED_PROGRESS_KEY)) return null;
  const { savedProgressSchema } = await import('../model/saved-progress.schema');
  return readStored('local', SAVED_PROGRESS_KEY, withSchema(savedProgressSchema.nullable()), null);
}

export function saveProgress(progress: SavedProgress): boolean {
  return writeStored('local', SAVED_PROGRESS_KEY, progress);
}

export function clearProgress(): void {
  removeStored('local', SAVED_PROGRESS_KEY);
}
