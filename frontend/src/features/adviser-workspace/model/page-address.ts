/**
 * The adviser's own page, where a client starts an assessment that reports to them: the site's
 * address (the one the browser is on, which is the deployment's public URL) and their slug.
 */
export function pageAddress(origin: string, slug: string): string {
  return `${origin.replace(/\/+$/, '')}/${encodeURIComponent(slug)}`;
}
