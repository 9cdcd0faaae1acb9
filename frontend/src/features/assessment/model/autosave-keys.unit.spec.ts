import { describe, expect, it } from 'vitest';
import { type AutosaveKeyPress, autosaveKeyAction } from './autosave-keys';

const press = (key: string, extra: Partial<AutosaveKeyPress> = {}): AutosaveKeyPress => ({
  key,
  ctrlKey: false,
  metaKey: false,
  repeat: false,
  defaultPrevented: false,
  ...extra,
});
const on = { enabled: true, dialogOpen: false, inTextField: false };
const off = { ...on, enabled: false };

describe('what a key press does to autosave', () => {
  it('saves now on Ctrl+S and Cmd+S, whatever the state', () => {
    expect(autosaveKeyAction(press('s', { ctrlKey: true }), on)).toBe('saveNow');
    expect(autosaveKeyAction(press('S', { metaKey: true }), off)).toBe('saveNow');
    expect(autosaveKeyAction(press('s'), on)).toBe('none');
  });

  it('never turns autosave off on Escape: it only asks, and turns it back on at once', () => {
    expect(autosaveKeyAction(press('Escape'), on)).toBe('askToTurnOff');
    expect(autosaveKeyAction(press('Escape'), off)).toBe('turnOn');
  });

  it('leaves autosave alone when Escape closes or edits something else', () => {
    expect(autosaveKeyAction(press('Escape', { defaultPrevented: true }), on)).toBe('none');
    expect(autosaveKeyAction(press('Escape'), { ...on, dialogOpen: true })).toBe('none');
    expect(autosaveKeyAction(press('Escape'), { ...on, inTextField: true })).toBe('none');
    expect(autosaveKeyAction(press('Escape', { repeat: true }), on)).toBe('none');
    expect(autosaveKeyAction(press('Escape', { ctrlKey: true }), off)).toBe('none');
  });
});
