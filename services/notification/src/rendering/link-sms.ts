import {
  DEFAULT_TIME_ZONE,
  formatShortDate,
  type QuestionnaireLinkRequestedV1,
} from '@risk-profile/contracts';
import { SegmentedMessage } from 'sms-segments-calculator';

type LinkRequest = QuestionnaireLinkRequestedV1['data'];

/** Whether the text goes as one SMS: 160 GSM-7 characters, or 70 UCS-2 ones once any is outside GSM-7. */
export function fitsOneSegment(text: string): boolean {
  return new SegmentedMessage(text, 'auto').segmentsCount === 1;
}

/** The name, then with whole words dropped from the end: "Nguyễn Thị Ánh", "Nguyễn Thị", "Nguyễn". */
function wordForms(name: string): string[] {
  const words = name.split(/\s+/);
  return words.map((_, index) => words.slice(0, words.length - index).join(' '));
}

/** The first word cut character by character, by code point so no surrogate pair is split. */
function characterCuts(name: string): string[] {
  const first = [...(name.split(/\s+/)[0] ?? '')];
  return first.slice(1).map((_, index) => first.slice(0, first.length - 1 - index).join(''));
}

/**
 * The link by SMS: who it is from, the address and the day it expires, in ONE segment. The
 * wording shortens step by step until it fits: without the company, then a compact form with the
 * adviser's name losing whole words from the end, then the barest form, whose name is cut to
 * fit. A name outside GSM-7 makes the whole message UCS-2, whose segment holds 70 characters
 * rather than 160, so such names reach the barest form. The event's short link is used; a request
 * recorded before short links has only the long one, which no wording fits into one segment, and
 * gets the full wording in several parts.
 */
export function linkSms(link: LinkRequest, timeZone: string = DEFAULT_TIME_ZONE): string {
  const url = link.shortUrl ?? link.url;
  const adviser = link.adviserName.trim();
  const wordings = (expires: string) => [
    `${adviser} of ${link.companyName.trim()} invites you to complete your Risk Profile: ${url} Link expires ${expires}.`,
    `${adviser} invites you to complete your Risk Profile: ${url} Link expires ${expires}.`,
    ...wordForms(adviser).map((name) => `Risk Profile from ${name}: ${url} Expires ${expires}.`),
    ...wordForms(adviser).map((name) => `${name}: ${url} expires ${expires}`),
  ];
  // The expiry's day in the firm's zone, named ("6 Dec 2026 AEDT") as every date the product
  // shows; only when no wording has room for the zone's name (a name outside GSM-7) is it left out
  // before the adviser's name is cut.
  const named = formatShortDate(link.expiresAt, timeZone);
  const day = named.slice(0, named.lastIndexOf(' '));
  const full = wordings(named)[0]!;
  const candidates = [
    ...wordings(named),
    ...wordings(day),
    ...characterCuts(adviser).map((name) => `${name}: ${url} expires ${day}`),
  ];
  return candidates.find(fitsOneSegment) ?? full;
}
