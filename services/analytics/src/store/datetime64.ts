const DAY_MS = 86_400_000;

/** The general form, from the ISO text: any time a Date can hold. */
function fromIso(ms: number): string {
  const iso = new Date(ms).toISOString();
  // 'YYYY-MM-DDThh:mm:ss.sssZ'; years beyond 9999 come as '+YYYYYY-…'.
  return iso.length === 24
    ? `${iso.slice(0, 10)} ${iso.slice(11, 23)}`
    : iso.replace('T', ' ').replace('Z', '');
}

const twoDigits = (n: number): string => (n < 10 ? `0${n}` : `${n}`);

/** The last UTC day formatted (days since the epoch) and its text, 'YYYY-MM-DD '. */
let lastDay = Number.NaN;
let lastDayText = '';

/**
 * 'YYYY-MM-DD hh:mm:ss.sss' (UTC) for a time in ms since the epoch. ClickHouse reads this text into
 * a DateTime64(3) in every input format; epoch numbers are read differently by type and length.
 * The events of a batch mostly fall on one day, so the date part of the last day is reused and
 * only the time of day is computed, which is much cheaper than `toISOString` on every time of
 * every event. A time that is not a whole number of ms, or whose year is outside 0-9999, takes
 * the general path. Invalid times throw, as `toISOString` does.
 */
export function toDateTime64(ms: number): string {
  if (!Number.isInteger(ms)) return fromIso(ms);
  const day = Math.floor(ms / DAY_MS);
  if (day !== lastDay) {
    const iso = new Date(day * DAY_MS).toISOString();
    if (iso.length !== 24) return fromIso(ms);
    lastDay = day;
    lastDayText = `${iso.slice(0, 10)} `;
  }
  let t = ms - day * DAY_MS;
  const milli = t % 1000;
  t = (t - milli) / 1000;
  const seconds = t % 60;
  t = (t - seconds) / 60;
  const minutes = t % 60;
  const hours = (t - minutes) / 60;
  const pad = milli < 10 ? '00' : milli < 100 ? '0' : '';
  return `${lastDayText}${twoDigits(hours)}:${twoDigits(minutes)}:${twoDigits(seconds)}.${pad}${milli}`;
}
