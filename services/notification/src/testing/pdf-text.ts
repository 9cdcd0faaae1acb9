import { execFileSync } from 'node:child_process';

/** A PDF's text as a PDF reader extracts it (pdftotext from poppler-utils), on one line. */
export const pdfText = (pdf: Buffer | Uint8Array): string =>
  execFileSync('pdftotext', ['-layout', '-', '-'], { input: pdf }).toString('utf8').replace(/\s+/g, ' ');
