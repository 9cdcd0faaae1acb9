import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { signedAssessment } from '../testing/fixtures';
import { renderReportPdf } from './report-pdf';

/*
 * Issue 42, item 11: a name of "Z" and many combining marks drew a column of marks over the
 * report's title and rows. The contract now refuses more than 30 marks on a character, but a
 * record signed before keeps its 90, and 30 still stack high: whatever the name holds, its marks
 * stay inside the line they belong to. Checked on the pages as drawn (pdftoppm): the report of a
 * name with marks differs from the report of the same name without them only inside the boxes of
 * the name's words (pdftotext -bbox: each word's line box), one pixel per point.
 */

const MARKS_UP = '\u0301\u0300\u0302\u0308';
const MARKS_DOWN = '\u0316\u0317\u0323\u0331';
const stack = (marks: string, n: number) => marks.repeat(n).slice(0, n);

const ASSESSMENT_ID = '2f1c6a52-7a0e-4d3b-9a51-0c8f3e6b7d21';

const pdfOf = (clientName: string) => {
  const event = signedAssessment({ clientName, assessmentId: ASSESSMENT_ID });
  return renderReportPdf({ assessment: event.data, adviser: event.data.adviser });
};

/** Page `page` as a greyscale image at 72 dpi: width, height and one byte per pixel. */
function pageImage(pdf: Buffer, page: number) {
  const pgm = execFileSync('pdftoppm', ['-r', '72', '-gray', '-f', `${page}`, '-l', `${page}`, '-'], {
    input: pdf,
  });
  // "P5\n<width> <height>\n255\n" then the pixels.
  const header = pgm
    .subarray(0, 40)
    .toString('latin1')
    .match(/^P5\s+(\d+)\s+(\d+)\s+(\d+)\s/);
  if (!header) throw new Error('pdftoppm did not write a PGM image');
  const [, width, height] = header.map(Number) as [number, number, number];
  return { width, height, pixels: pgm.subarray(header[0].length) };
}

interface Box {
  xMin: number;
  yMin: number;
  xMax: number;
  yMax: number;
}

/** The boxes of the name's words on `page` of the report without marks ("Zed", "Zimmer,"). */
function nameBoxes(pdf: Buffer, page: number): Box[] {
  const html = execFileSync('pdftotext', ['-bbox', '-f', `${page}`, '-l', `${page}`, '-', '-'], {
    input: pdf,
  }).toString('utf8');
  return [
    ...html.matchAll(/<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">Z(?:ed|immer)/g),
  ].map(([, xMin, yMin, xMax, yMax]) => ({ xMin: +xMin!, yMin: +yMin!, xMax: +xMax!, yMax: +yMax! }));
}

/** Pixels that differ between the two pages and lie outside every box (with two pixels' slack). */
function strayPixels(plain: Buffer, marked: Buffer, page: number): { x: number; y: number }[] {
  const a = pageImage(plain, page);
  const b = pageImage(marked, page);
  const boxes = nameBoxes(plain, page);
  expect(boxes.length).toBeGreaterThanOrEqual(2);
  const stray: { x: number; y: number }[] = [];
  for (let y = 0; y < a.height; y++) {
    for (let x = 0; x < a.width; x++) {
      const i = y * a.width + x;
      if (Math.abs(a.pixels[i]! - b.pixels[i]!) < 40) continue;
      const inside = boxes.some(
        (box) => x >= box.xMin - 2 && x <= box.xMax + 2 && y >= box.yMin - 2 && y <= box.yMax + 2,
      );
      if (!inside) stray.push({ x, y });
    }
  }
  return stray;
}

describe("the report PDF keeps a name's combining marks inside its line", () => {
  it.each([
    ['30 marks above and below (the most the contract lets through)', 30],
    ['90 marks (a record signed before the limit)', 90],
  ])('%s', async (_, n) => {
    const plain = await pdfOf('Zed Zimmer');
    const marked = await pdfOf(`Z${stack(MARKS_UP, n)}ed Z${stack(MARKS_DOWN, n)}immer`);
    // Page 1: the title's line and the Name row; page 2: the running header.
    for (const page of [1, 2]) {
      const stray = strayPixels(plain, marked, page);
      expect({ page, count: stray.length, first: stray.slice(0, 3), last: stray.slice(-3) }).toEqual({
        page,
        count: 0,
        first: [],
        last: [],
      });
    }
  });
});
