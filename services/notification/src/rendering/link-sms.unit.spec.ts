import { SegmentedMessage } from 'sms-segments-calculator';
import { describe, expect, it } from 'vitest';
import { linkRequested } from '../testing/fixtures';
import { linkSms } from './link-sms';

const SHORT_URL = 'https://advice.example.com/l/AbCdEfGhIj';
const smsLink = (overrides: Parameters<typeof linkRequested>[0] = {}) =>
  linkRequested({ method: 'sms', shortUrl: SHORT_URL, ...overrides }).data;

/** The encoding and the number of parts a phone network would see. */
const segments = (text: string) => {
  const message = new SegmentedMessage(text, 'auto');
  return { encoding: message.encodingName, parts: message.segmentsCount };
};

describe('the link SMS', () => {
  it('names the adviser and company, carries the short link and says the day it expires, in one GSM-7 segment', () => {
    const text = linkSms(smsLink());
    expect(text).toBe(
      `Alex Morgan of Harbour Wealth Partners invites you to complete your Risk Profile: ${SHORT_URL} Link expires 6 Dec 2026 AEDT.`,
    );
    expect(text.length).toBeLessThanOrEqual(160);
    expect(segments(text)).toEqual({ encoding: 'GSM-7', parts: 1 });
  });

  it("gives the expiry's date in the firm's time zone", () => {
    // 1 am on 7 December in Sydney is still 6 December in London.
    const link = smsLink({ expiresAt: '2026-12-06T14:00:00.000Z' });
    expect(linkSms(link, 'Australia/Sydney')).toContain('expires 7 Dec 2026 AEDT');
    expect(linkSms(link, 'Europe/London')).toContain('expires 6 Dec 2026 GMT');
  });

  it.each([
    ['a long company name', { companyName: 'Harbour Wealth Partners Private Wealth Management Pty Ltd' }],
    [
      'long adviser and company names',
      {
        adviserName: 'Alexandra Konstantinopoulou-Smithson Wetherington-Fairweather',
        companyName: 'Harbour Wealth Partners Private Wealth Management Pty Ltd',
      },
    ],
    ['the longest adviser name', { adviserName: `Maximiliana ${'X'.repeat(188)}` }],
    ['an adviser name of one long word', { adviserName: 'Y'.repeat(200) }],
  ])('still fits one GSM-7 segment with %s, naming the adviser', (_, names) => {
    const link = smsLink(names);
    const text = linkSms(link);
    expect(segments(text)).toEqual({ encoding: 'GSM-7', parts: 1 });
    expect(text.length).toBeLessThanOrEqual(160);
    expect(text).toContain(SHORT_URL);
    expect(text).toContain('6 Dec 2026');
    expect(text).toContain(link.adviserName.slice(0, 8));
  });

  it('drops the company first, keeping the whole adviser name', () => {
    const text = linkSms(smsLink({ companyName: 'C'.repeat(100) }));
    expect(text).toBe(
      `Alex Morgan invites you to complete your Risk Profile: ${SHORT_URL} Link expires 6 Dec 2026 AEDT.`,
    );
  });

  // The barest form, "<name>: <link> expires <date>", is what 70 characters leave room for.
  it.each([
    ['Vietnamese', 'Nguyễn Thị Ánh', 'Nguyễn'],
    ['Chinese', '王伟', '王伟'],
    ['Greek', 'Γιώργος Παπαδόπουλος', 'Γιώργος'],
    ['Cyrillic', 'Алексей Иванов', 'Алексей'],
    ['a long Chinese name of one word', '欧阳娜娜娜娜娜娜娜娜娜娜娜娜娜娜娜', '欧阳娜娜娜'],
  ])('fits one UCS-2 segment of 70 when the adviser name is %s', (_, adviserName, kept) => {
    const text = linkSms(smsLink({ adviserName }));
    expect(segments(text)).toEqual({ encoding: 'UCS-2', parts: 1 });
    expect(text).toContain(SHORT_URL);
    expect(text).toContain('6 Dec 2026');
    expect(text.startsWith(kept) || text.includes(`from ${kept}`)).toBe(true);
  });

  it('cuts a non-GSM name by whole words first', () => {
    expect(linkSms(smsLink({ adviserName: 'Nguyễn Thị Ánh' }))).toBe(
      `Nguyễn Thị: ${SHORT_URL} expires 6 Dec 2026`,
    );
  });

  it('drops words outside GSM-7 when what is left of the name fits the longer segment', () => {
    const text = linkSms(smsLink({ adviserName: 'Alex 🙂 Morgan' }));
    expect(text).toBe(`Risk Profile from Alex: ${SHORT_URL} Expires 6 Dec 2026 AEDT.`);
    expect(segments(text)).toEqual({ encoding: 'GSM-7', parts: 1 });
  });

  it('fits one segment when only the company is outside GSM-7, by leaving the company out', () => {
    const text = linkSms(smsLink({ companyName: '财富管理 Wealth' }));
    expect(segments(text)).toEqual({ encoding: 'GSM-7', parts: 1 });
    expect(text).toContain('Alex Morgan invites you');
  });

  it('still sends a request recorded before short links, with its long link in full', () => {
    const link = linkRequested({ method: 'sms' }).data;
    expect(link.shortUrl).toBeUndefined();
    const text = linkSms(link);
    expect(text).toContain(link.url);
    expect(text).toContain('Alex Morgan invites you');
    expect(text).toContain('expires 6 Dec 2026 AEDT');
  });
});
