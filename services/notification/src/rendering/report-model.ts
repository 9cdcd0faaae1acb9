import {
  type AssessmentSignedV1,
  comparePrediction,
  optionForScore,
  profileByName,
  QUESTIONS,
  type ReportAdviser,
  RISK_ACKNOWLEDGEMENT_STATEMENT,
  type RiskGroup,
} from '@risk-profile/contracts';

export type { ReportAdviser };

export interface ReportInput {
  assessment: AssessmentSignedV1['data'];
  /** Where the adviser's report goes; null for an assessment without an adviser. */
  adviser: ReportAdviser | null;
  /** IANA zone of the dates shown; default Australia/Sydney. */
  timeZone?: string;
}

export type Row = readonly [label: string, value: string];

/** Everything a report shows, in order: the HTML, text and PDF renderers lay out the same model. */
export interface ReportModel {
  clientName: string;
  chosenProfile: string;
  signedAt: string;
  adviser: Row[];
  client: Row[];
  results: Row[];
  profile: Row[];
  changed: { reason: string; acknowledgement: string } | null;
  facts: Row[];
  warnings: { title: string; explanation: string }[];
  answers: { number: number; question: string; answer: string }[];
  choices: Row[];
  signature: Row[];
  verification: string;
}

export const DEFAULT_TIME_ZONE = 'Australia/Sydney';

// Building a formatter costs far more than formatting; one per time zone (configuration has one).
const dateFormats = new Map<string, Intl.DateTimeFormat>();

/** en-AU date and time with the zone, e.g. "22 November 2026 at 3:04 pm AEDT". */
export function formatReportDate(iso: string, timeZone = DEFAULT_TIME_ZONE): string {
  let format = dateFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-AU', {
      timeZone,
      day: 'numeric',
      month: 'long',
      year: 'numeric',
      hour: 'numeric',
      minute: '2-digit',
      timeZoneName: 'short',
    });
    dateFormats.set(timeZone, format);
  }
  return format.format(new Date(iso));
}

const ordinal = (n: number): string => {
  const tens = n % 100;
  const suffix =
    tens >= 11 && tens <= 13
      ? 'th'
      : (({ 1: 'st', 2: 'nd', 3: 'rd' } as Record<number, string>)[n % 10] ?? 'th');
  return `${n}${suffix}`;
};

const LETTERS = ['A', 'B', 'C', 'D', 'E'] as const;

export const VERIFICATION_TEXT =
  'To verify this signature, rebuild the signed content (the assessment id, client details, answers, results, chosen profile and reason, exclusions, preferences, signing time, IP address and user agent) as canonical JSON, compute its SHA-256 and compare it with the digest above. The assessment service documentation gives the exact field order; any change to what was signed gives a different digest.';

export function buildReportModel(input: ReportInput): ReportModel {
  const a = input.assessment;
  const zone = input.timeZone ?? DEFAULT_TIME_ZONE;
  const recommended = profileByName(a.originalProfile);
  const chosen = profileByName(a.selectedProfile);
  const predictedGroup = a.responses.q18 as RiskGroup;
  const prediction = comparePrediction(predictedGroup, a.riskGroup);
  const predicted = `Group ${predictedGroup} of 5`;
  const acknowledged = a.riskAcknowledged ?? a.profileChanged;
  return {
    clientName: a.clientName,
    chosenProfile: a.selectedProfile,
    signedAt: formatReportDate(a.signedAt, zone),
    adviser: input.adviser
      ? [
          ['Adviser', input.adviser.adviserName],
          ['Company', input.adviser.companyName],
          ['Email', input.adviser.email],
        ]
      : [['Adviser', 'None: completed without an adviser']],
    client: [
      ['Name', a.clientName],
      ['Email', a.clientEmail ?? 'Not given'],
      ['Mobile', a.clientPhone ?? 'Not given'],
      ['Date', formatReportDate(a.signedAt, zone)],
    ],
    results: [
      ['Risk score', `${a.riskScore} out of 60`],
      ['Percentile', `${ordinal(a.percentile)} percentile`],
      ['Risk group', `${a.riskGroup} of 5`],
      [
        'Predicted versus actual',
        `Predicted ${predicted}, actual Group ${a.riskGroup} of 5. ${prediction.text}`,
      ],
    ],
    profile: [
      ['Recommended profile', recommended.name],
      ['Chosen profile', chosen.name],
    ],
    changed:
      a.profileChanged && a.profileChangeReason !== null
        ? {
            reason: a.profileChangeReason,
            acknowledgement: acknowledged
              ? `Acknowledged: "${RISK_ACKNOWLEDGEMENT_STATEMENT}"`
              : 'Not acknowledged',
          }
        : null,
    facts: [
      ['Negative years', chosen.negativeYears],
      ['A bad year', chosen.badYear],
      ['Minimum horizon', chosen.minimumHorizon],
      ['Allocation', `Defensive ${chosen.defensiveAllocation}, growth ${chosen.growthAllocation}`],
    ],
    warnings: a.consistencyWarnings.map((w) => ({ title: w.title, explanation: w.explanation })),
    answers: QUESTIONS.map((q) => {
      const score = a.responses[q.id];
      const option = score === undefined ? undefined : optionForScore(q, score);
      return {
        number: q.number,
        question: q.text,
        answer: option === undefined ? 'Not answered' : `${LETTERS[option]}. ${q.options[option]}`,
      };
    }),
    choices: [
      ['Investment exclusions', a.investmentExclusions.trim() || 'None recorded'],
      ['Investment preferences', a.investmentPreferences.trim() || 'None recorded'],
    ],
    signature: [
      ['Signed at', formatReportDate(a.signedAt, zone)],
      ['IP address', a.ipAddress],
      ['User agent', a.userAgent],
      ['SHA-256 digest', a.digest],
    ],
    verification: VERIFICATION_TEXT,
  };
}

/**
 * The report model with `safe` applied to what the signer typed (name, reason for a change,
 * exclusions, preferences, user agent, and with `email` their email address), so a renderer can
 * keep it from becoming a link; everything the product wrote is left as it is.
 */
export function buildTypedTextModel(
  input: ReportInput,
  safe: (text: string) => string,
  options: { email: boolean },
): ReportModel {
  const a = input.assessment;
  const typed = new Set([
    a.clientName,
    a.profileChangeReason,
    a.investmentExclusions.trim(),
    a.investmentPreferences.trim(),
    a.userAgent,
    options.email ? a.clientEmail : null,
  ]);
  const model = buildReportModel(input);
  const row = ([label, value]: Row): Row => [label, typed.has(value) ? safe(value) : value];
  return {
    ...model,
    clientName: safe(model.clientName),
    client: model.client.map(row),
    changed: model.changed && { ...model.changed, reason: safe(model.changed.reason) },
    choices: model.choices.map(row),
    signature: model.signature.map(row),
  };
}

/**
 * Subjects carry only what the product wrote (the profile, the signing time), never what the
 * signer typed: anyone can sign, so a subject must not become their message.
 */
export const adviserReportSubject = (input: ReportInput): string =>
  `Risk Profile report: ${input.assessment.selectedProfile}, signed ${formatReportDate(input.assessment.signedAt, input.timeZone)}`;

export const clientCopySubject = (input: ReportInput): string =>
  `Your Risk Profile report: ${input.assessment.selectedProfile}`;

/** ASCII-only and safe in any mail client: the client's name and the signing date. */
export function reportPdfFileName(input: ReportInput): string {
  const name = input.assessment.clientName
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60);
  return `risk-profile-${name || 'client'}-${input.assessment.signedAt.slice(0, 10)}.pdf`;
}
