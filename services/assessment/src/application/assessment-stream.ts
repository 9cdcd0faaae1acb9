/** One stream per assessment; the id is a server-generated UUID. */
export const assessmentStreamId = (assessmentId: string): string => `assessment-${assessmentId}`;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Anything else cannot name an assessment, so it is answered as unknown without a read. */
export const isAssessmentId = (value: string): boolean => UUID.test(value);
