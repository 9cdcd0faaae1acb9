/** A timestamp column as a driver returns it: a Date, or the text of one. */
export type Time = Date | string;

export const iso = (value: Time): string => new Date(value).toISOString();
export const isoOrNull = (value: Time | null): string | null => (value === null ? null : iso(value));
