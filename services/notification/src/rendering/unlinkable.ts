/**
 * Client text as mail clients must show it: never as a link. Mail clients and phones make links
 * of anything that looks like an address (`www.x.com`, `x.com/y`, `https://…`, `a@b.com`); a
 * zero-width space after every dot, at sign, colon and slash that joins two characters breaks
 * each of those patterns while the text reads exactly as typed. Applied to what a signer or an
 * adviser typed, never to the addresses the product itself writes.
 */
const JOINS_A_LINK = /([.@:/\\\uFF0E\u3002\uFF61\uFF20\uFF1A\uFF0F])(?=\S)/g;
const ZERO_WIDTH_SPACE = '\u200B';

export const unlinkable = (text: string): string => text.replace(JOINS_A_LINK, `$1${ZERO_WIDTH_SPACE}`);

/**
 * A first name for an SMS, where a zero-width space would cost a whole encoding: only a name of
 * letters, apostrophes and hyphens, else none (the greeting reads "Hi," then).
 */
export const smsFirstName = (fullName: string): string => {
  const first = fullName.trim().split(/\s+/)[0] ?? '';
  return /^[\p{L}\p{M}'’-]+$/u.test(first) ? first : '';
};

// What a PDF viewer makes a link of: a web scheme, an at sign inside a word, a dot between a
// name and what could be a top-level domain (two letters or more, or punycode).
const WEB_SCHEME = /\b(h|f)t(t?p)(?=s?:\/\/)/gi;
const AT_IN_A_WORD = /(?<=\S)@(?=\S)/g;
const DOT_BEFORE_A_DOMAIN = /(?<=[\p{L}\p{N}_-])[.\uFF0E\u3002\uFF61](?=\p{L}{2}|xn--)/giu;

/**
 * Client text for the PDF, where a zero-width space would be copied out with the text: what looks
 * like an address (full-width and ideographic dots included) is written the way security reports
 * write one that must not be followed ("hxxps://evil[.]com", "win[at]evil[.]com"), so no viewer
 * makes a link of it; ordinary text ("e.g.", "3.5%") is left as typed.
 */
export const defanged = (text: string): string =>
  text
    .replace(WEB_SCHEME, (_scheme, first: string, rest: string) => `${first}x${rest.replace(/t/i, 'x')}`)
    .replace(AT_IN_A_WORD, '[at]')
    .replace(DOT_BEFORE_A_DOMAIN, '[.]');
