import { formatMobileNumber } from '@risk-profile/contracts';

/**
 * The mobile field's value once `pasted` replaces the selection from `start` to `end`. The whole
 * text is formatted before anything is cut: the field holds at most 12 characters, and cutting a
 * pasted "+61 412 345 678" to that length first would drop its last digits ("0412 345").
 */
export function pasteIntoMobileNumber(current: string, start: number, end: number, pasted: string): string {
  return formatMobileNumber(`${current.slice(0, start)}${pasted}${current.slice(end)}`);
}
