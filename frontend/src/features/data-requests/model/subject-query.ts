import { type DataSubject, dataSubjectSchema } from '@risk-profile/contracts';

/**
 * What the administrator typed, as a data subject: an email address when it holds an @, else a
 * mobile number; or the reason it is neither, in the contract's words.
 */
export function parseSubject(input: string): { subject: DataSubject } | { error: string } {
  const text = input.trim();
  const parsed = dataSubjectSchema.safeParse(text.includes('@') ? { email: text } : { phone: text });
  if (parsed.success) return { subject: parsed.data };
  return { error: parsed.error.issues[0]?.message ?? "Enter the client's email address or mobile number." };
}

/** The query string of the lookup and the export for one subject. */
export function subjectSearch(subject: DataSubject): string {
  const params = new URLSearchParams(
    subject.email !== null ? { email: subject.email } : { phone: subject.phone ?? '' },
  );
  return `?${params.toString()}`;
}

/** How a subject is named on the page. */
export const describeSubject = (subject: DataSubject): string => subject.email ?? subject.phone ?? '';
