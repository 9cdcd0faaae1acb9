import type { ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';

// The doctype React Email's own renderer writes: the one mail clients handle best.
const DOCTYPE =
  '<!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.0 Transitional//EN" "http://www.w3.org/TR/xhtml1/DTD/xhtml1-transitional.dtd">';

/**
 * A React Email tree as a complete HTML document. `@react-email/render` streams through React's
 * Suspense-aware renderer to wait for asynchronous components; ours are all synchronous, and
 * React's one-pass static renderer gives the same markup at a fraction of the cost, which counts
 * when every signed assessment renders two emails.
 */
export function renderEmailHtml(document: ReactElement): string {
  return DOCTYPE + renderToStaticMarkup(document);
}
