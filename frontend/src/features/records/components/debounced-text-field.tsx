import { useEffect, useRef, useState } from 'react';
import { TextField, type TextFieldProps } from '../../../components/ui/field';

/** How long typing pauses before the list is asked again: one request per word, not per key. */
export const SEARCH_DEBOUNCE_MS = 350;

/**
 * A text filter that reports its value once typing pauses. It follows `value` when the address
 * changes (Back, a cleared filter), without echoing that change back.
 */
export function DebouncedTextField({
  value,
  onCommit,
  ...field
}: Omit<TextFieldProps, 'value' | 'onChange'> & { value: string; onCommit: (value: string) => void }) {
  const [draft, setDraft] = useState(value);
  const committed = useRef(value);
  useEffect(() => {
    // Only a change from elsewhere: our own commit coming back must not undo what was typed since.
    if (value === committed.current) return;
    committed.current = value;
    setDraft(value);
  }, [value]);
  useEffect(() => {
    if (draft.trim() === committed.current) return;
    const timer = window.setTimeout(() => {
      committed.current = draft.trim();
      onCommit(draft.trim());
    }, SEARCH_DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  }, [draft, onCommit]);
  return <TextField {...field} value={draft} onChange={(event) => setDraft(event.target.value)} />;
}
