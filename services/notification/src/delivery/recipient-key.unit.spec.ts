import { describe, expect, it } from 'vitest';
import { recipientKey } from './recipient-key';

describe('the recipient key of the client-copy cap', () => {
  it('is one per mailbox: case, spaces and a +tag ignored, and Gmail dots and googlemail.com folded', () => {
    expect(recipientKey(' Victim+1@X.com')).toBe('victim@x.com');
    expect(recipientKey('victim+a+b@x.com')).toBe('victim@x.com');
    expect(recipientKey('vic.tim@x.com')).toBe('vic.tim@x.com');
    for (const gmail of ['V.i.c.t.i.m+2@googlemail.com', 'victim@GMAIL.com', 'vic.tim+x@gmail.com']) {
      expect(recipientKey(gmail)).toBe('victim@gmail.com');
    }
    expect(recipientKey('0499 111 222')).toBe('0499111222');
  });
});
