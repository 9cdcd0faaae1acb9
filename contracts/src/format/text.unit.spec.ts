import { describe, expect, it } from 'vitest';
import { replaceName } from './text';

describe('replaceName', () => {
  it('replaces whole words only, however the name is spelt', () => {
    expect(replaceName('Al and Also Al.', 'Al', 'X')).toBe('X and Also X.');
    expect(replaceName('Zoë Ng, not ZoëNg', 'Zoë Ng', 'X')).toBe('X, not ZoëNg');
    expect(replaceName('A (b) $1 c', '(b) $1', 'X')).toBe('A X c');
    expect(replaceName('unchanged', '', 'X')).toBe('unchanged');
  });
});
