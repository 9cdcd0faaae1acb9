import { readStored, removeStored, writeStored } from '../../../lib/storage';
import { SAVED_PROGRESS_KEY, type SavedProgress, savedProgressSchema } from '../model/saved-progress';

export function loadProgress(): SavedProgress | null {
  return readStored('local', SAVED_PROGRESS_KEY, savedProgressSchema.nullable(), null);
}

export function saveProgress(progress: SavedProgress): boolean {
  return writeStored('local', SAVED_PROGRESS_KEY, progress);
}

export function clearProgress(): void {
  removeStored('local', SAVED_PROGRESS_KEY);
}
