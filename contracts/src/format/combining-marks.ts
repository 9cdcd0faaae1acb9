/**
 * Unicode's Stream-Safe Text Format (UAX #15) allows at most 30 non-starters (combining marks) in
 * a row. A name or text with more is no writing system's: it is "Zalgo" text, whose marks stack
 * into a column drawn over the lines around it. The contracts refuse it in every name and free
 * text a person enters; the report's renderer still keeps what it prints inside its cell.
 */
export const MAX_COMBINING_MARKS = 30;

export const TOO_MANY_COMBINING_MARKS_MESSAGE = `Please use at most ${MAX_COMBINING_MARKS} accents or combining marks on one letter.`;

const MARK = /\p{M}/u;

/** The longest run of combining marks (Unicode category M) in `text`. */
export function longestMarkRun(text: string): number {
  let longest = 0;
  let run = 0;
  for (const char of text) {
    run = MARK.test(char) ? run + 1 : 0;
    if (run > longest) longest = run;
  }
  return longest;
}

/** Whether `text` keeps to the stream-safe limit of combining marks on one character. */
export const withinCombiningMarkLimit = (text: string): boolean =>
  longestMarkRun(text) <= MAX_COMBINING_MARKS;
