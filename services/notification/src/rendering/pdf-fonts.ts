import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import * as fontkit from 'fontkit';

/**
 * The report PDF's fonts: Noto Sans (Latin with Vietnamese, Greek, Cyrillic) and, for what it
 * lacks, Noto Sans Hans (Chinese, with Japanese kana), both TrueType/OpenType files shipped by npm
 * packages under the SIL Open Font License (docs/notifications.md says why these). Each file is read
 * and parsed once per process, the Chinese one only when a report first needs it; pdfkit embeds in
 * each PDF only the glyphs it uses.
 */
export type Weight = 'regular' | 'bold';

type FontFamily = 'main' | 'cjk';

const requireFrom = createRequire(import.meta.url);
// The packages export only a list of file names; the files sit in fonts/ beside dist/.
const fontsDir = (entry: string) => join(dirname(entry), '..', 'fonts');
const LATIN = () => fontsDir(requireFrom.resolve('@embedpdf/fonts-latin'));
const CHINESE = () => fontsDir(requireFrom.resolve('@embedpdf/fonts-sc'));

const FILES: Record<FontFamily, Record<Weight, () => string>> = {
  main: {
    regular: () => join(LATIN(), 'NotoSans-Regular.ttf'),
    bold: () => join(LATIN(), 'NotoSans-Bold.ttf'),
  },
  cjk: {
    regular: () => join(CHINESE(), 'NotoSansHans-Regular.otf'),
    bold: () => join(CHINESE(), 'NotoSansHans-Bold.otf'),
  },
};

const loaded = new Map<string, fontkit.Font>();
const MAX_LAYOUTS = 20_000;

/**
 * The font with its layouts (shaping a word into positioned glyphs, the dear part of writing text)
 * kept across reports, as pdfkit keeps them only within one document; every report repeats the
 * same questions and labels. pdfkit scales the positions it is given in place, so each caller gets
 * its own copy unless that scaling changes nothing.
 *
 * Glyph composition (OpenType "ccmp") is off: it would draw "ị" as "i" and a combining dot, and
 * pdfkit maps each glyph back to one text, so a reader copying the name would get "i". Text is
 * composed (NFC) before it gets here, so each such letter has a glyph of its own.
 */
/**
 * Combining marks stacked on one letter (the font's mark-to-mark positioning) are moved down or up
 * as far as needed to stay between the font's ascent and descent: the line box pdfkit lays out. A
 * name with 30 marks on a character (the contract's stream-safe limit), or more in a record signed
 * before it, would otherwise draw a column over the lines above and below. The marks are all still
 * written, so the text reads and copies as signed; they only overlap near the letter.
 */
function keepMarksInLine(run: fontkit.GlyphRun, font: fontkit.Font): void {
  run.glyphs.forEach((glyph, index) => {
    const points = glyph.codePoints;
    if (points.length === 0 || !points.every((point) => MARK.test(String.fromCodePoint(point)))) return;
    const position = run.positions[index];
    if (!position) return;
    const { minY, maxY } = glyph.bbox;
    if (position.yOffset + maxY > font.ascent) position.yOffset = font.ascent - maxY;
    if (position.yOffset + minY < font.descent) position.yOffset = font.descent - minY;
  });
}

function withSharedLayouts(font: fontkit.Font): fontkit.Font {
  const layouts = new Map<string, fontkit.GlyphRun>();
  const layout = (text: string) => {
    let run = layouts.get(text);
    if (!run) {
      if (layouts.size >= MAX_LAYOUTS) layouts.clear();
      run = font.layout(text, { ccmp: false } as unknown as string[]);
      keepMarksInLine(run, font);
      layouts.set(text, run);
    }
    // At 1000 units to the em (both fonts here) pdfkit's scaling multiplies by 1: nothing to copy.
    if (font.unitsPerEm === 1000) return run;
    const positions = run.positions.map((position) => ({ ...position }));
    return {
      glyphs: run.glyphs,
      positions,
      get advanceWidth() {
        return positions.reduce((sum, position) => sum + position.xAdvance, 0);
      },
    };
  };
  return new Proxy(font, {
    get: (target, property) => (property === 'layout' ? layout : Reflect.get(target, property, target)),
  });
}

function fontOf(family: FontFamily, weight: Weight): { key: string; font: fontkit.Font } {
  const key = `${family}-${weight}`;
  let font = loaded.get(key);
  if (!font) {
    font = withSharedLayouts(fontkit.create(readFileSync(FILES[family][weight]())) as fontkit.Font);
    loaded.set(key, font);
  }
  return { key, font };
}

/** A stretch of text in one font; `key` names the font in a document (pdfkit's registerFont). */
export interface Run {
  text: string;
  key: string;
  font: fontkit.Font;
  /** Written as code points: no font here can print it. */
  fallback: boolean;
}

// Right-to-left scripts (Hebrew, Arabic, Syriac, Thaana, N'Ko, and the like): pdfkit lays text out
// left to right a word at a time, so such a name would print in the wrong order; it is written as
// code points instead, which a reader can look up, rather than printed wrongly.
const RIGHT_TO_LEFT = /[\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufeff\u{10800}-\u{10fff}\u{1e800}-\u{1efff}]/u;
const MARK = /\p{M}/u;

const codePointLabel = (char: string) =>
  `U+${char.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`;

/** The visible stand-in for characters no font here prints: "[U+05D3 U+05D5 U+05D3]". */
export const fallbackMarker = (chars: readonly string[]): string =>
  `[${chars.map(codePointLabel).join(' ')}]`;

/**
 * `text` cut into runs of one font each, in order: every character in the first font that has it,
 * a combining mark with the letter it sits on, and a stretch of characters that no font has (or
 * that is right-to-left) as one visible marker of their code points, so no character is lost.
 */
export function runsOf(text: string, weight: Weight): Run[] {
  const main = fontOf('main', weight);
  const runs: Run[] = [];
  let missing: string[] = [];
  const push = (chosen: { key: string; font: fontkit.Font }, piece: string, fallback = false) => {
    const last = runs[runs.length - 1];
    if (last && last.key === chosen.key && !last.fallback && !fallback) last.text += piece;
    else runs.push({ text: piece, key: chosen.key, font: chosen.font, fallback });
  };
  const flush = () => {
    if (missing.length === 0) return;
    push(main, fallbackMarker(missing), true);
    missing = [];
  };
  for (const char of text.normalize('NFC')) {
    const code = char.codePointAt(0)!;
    const last = runs[runs.length - 1];
    if (char === '\n' || char === '\t' || char === ' ') {
      flush();
      push(last && !last.fallback ? last : main, char);
    } else if (RIGHT_TO_LEFT.test(char)) {
      missing.push(char);
    } else if (
      MARK.test(char) &&
      missing.length === 0 &&
      last &&
      !last.fallback &&
      last.font.hasGlyphForCodePoint(code)
    ) {
      push(last, char);
    } else if (main.font.hasGlyphForCodePoint(code)) {
      flush();
      push(main, char);
    } else {
      const cjk = fontOf('cjk', weight);
      if (cjk.font.hasGlyphForCodePoint(code)) {
        flush();
        push(cjk, char);
      } else {
        missing.push(char);
      }
    }
  }
  flush();
  return runs;
}
