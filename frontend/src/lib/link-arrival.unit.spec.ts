import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { arrivalLinkId, forgetArrivalLink, rememberArrivalLink } from './link-arrival';

const LINK_ID = '5f0c3b7e-2d4a-4c1e-9b8f-0a1b2c3d4e5f';

describe('the link a client arrived by', () => {
  beforeEach(() => {
    const items = new Map<string, string>();
    const storage = {
      getItem: (key: string) => items.get(key) ?? null,
      setItem: (key: string, value: string) => void items.set(key, value),
      removeItem: (key: string) => void items.delete(key),
    };
    vi.stubGlobal('window', { sessionStorage: storage, location: { search: '' } });
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('is kept for the visit and forgotten for a new assessment', () => {
    expect(arrivalLinkId()).toBeNull();
    rememberArrivalLink(LINK_ID);
    expect(arrivalLinkId()).toBe(LINK_ID);
    forgetArrivalLink();
    expect(arrivalLinkId()).toBeNull();
  });

  it('is forgotten when a link without an id (issued before link ids) arrives', () => {
    rememberArrivalLink(LINK_ID);
    rememberArrivalLink(null);
    expect(arrivalLinkId()).toBeNull();
  });

  it('ignores a stored value that is not a link id', () => {
    window.sessionStorage.setItem('risk-profile:arrival-link-id', JSON.stringify('<script>'));
    expect(arrivalLinkId()).toBeNull();
    rememberArrivalLink('not-an-id');
    expect(arrivalLinkId()).toBeNull();
  });
});
