/** RFC 9116 security.txt. Expires must be less than a year ahead: 180 days from `now`. */
export function securityTxt(options: { contactEmail: string; publicUrl: string; now: Date }): string {
  const expires = new Date(options.now.getTime() + 180 * 24 * 60 * 60 * 1000);
  const base = options.publicUrl.replace(/\/$/, '');
  return [
    `Contact: mailto:${options.contactEmail}`,
    `Expires: ${expires.toISOString().replace(/\.\d{3}Z$/, 'Z')}`,
    `Policy: ${base}/security`,
    'Preferred-Languages: en',
    `Canonical: ${base}/.well-known/security.txt`,
    '',
  ].join('\n');
}
