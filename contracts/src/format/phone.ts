/** The longest formatted number, "0412 345 678". */
export const MOBILE_INPUT_MAX_LENGTH = 12;

const MOBILE_DIGITS = 10;

/**
 * Formats an Australian mobile number as it is typed: digits only, the country code 61 replaced
 * by the leading 0 ("+61 412 345 678" becomes "0412 345 678"), at most 10 digits, grouped 4-3-3.
 * While only "6" or "61" has been typed the digits are kept as they are, because they may be the
 * start of the country code; a number typed without its 0 ("412...") gets one.
 */
export function formatMobileNumber(input: string): string {
  let digits = input.replace(/\D/g, '');
  if (digits === '6' || digits === '61') return digits;
  if (digits.startsWith('61')) digits = digits.slice(2);
  if (digits.length > 0 && !digits.startsWith('0')) digits = `0${digits}`;
  digits = digits.slice(0, MOBILE_DIGITS);
  return [digits.slice(0, 4), digits.slice(4, 7), digits.slice(7)].filter(Boolean).join(' ');
}

/** A complete Australian mobile number (04 and eight more digits), spaces allowed. */
export function isPlausibleMobile(value: string): boolean {
  return /^04\d{8}$/.test(value.replace(/ /g, ''));
}
