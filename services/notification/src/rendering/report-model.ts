import {
  type AssessmentSignedV1,
  calendarDate,
  capacityAcknowledgementText,
  capacityForLossText,
  capacityRecordOf,
  comparePrediction,
  compareProfiles,
  consistencyNoteText,
  DEFAULT_TIME_ZONE,
  describePredictionToAdviser,
  displayIpAddress,
  formatLongDateTime,
  NO_PROFILE_FITS_HORIZON,
  noProfileFitsHorizonText,
  OVERRIDE_GRADE_TEXT,
  optionForScore,
  percentileRecordText,
  profileByName,
  type QuestionnaireVersion,
  questionnaireOf,
  type ReportAdviser,
  RISK_ACKNOWLEDGEMENT_STATEMENT,
  type RiskGroup,
  type SectionId,
  timeHorizonText,
} from '@risk-profile/contracts';
import { defanged } from './unlinkable';

export type { ReportAdviser };

export interface ReportInput {
  assessment: AssessmentSignedV1['data'];
  /** Where the adviser's report goes; null for an assessment without an adviser. */
  adviser: ReportAdviser | null;
  /** IANA zone of the dates shown; default Australia/Sydney. */
  timeZone?: string;
}

/**
 * Who the report speaks to: the client's copy addresses them ("Your actual risk tolerance…"); the
 * adviser's email and the PDF, a record read by the adviser and compliance, speak about them.
 */
export type ReportAudience = 'client' | 'record';

export type Row = readonly [label: string, value: string];

/** Everything a report shows, in order: the HTML, text and PDF renderers lay out the same model. */
export interface ReportModel {
  assessmentId: string;
  clientName: string;
  chosenProfile: string;
  signedAt: string;
  /** "Questionnaire version 2": the version whose wording, bands and rules the whole report uses. */
  questionnaire: string;
  /** The adviser's firm, for the report's header and footer; null without an adviser. */
  firm: ReportFirm | null;
  adviser: Row[];
  client: Row[];
  results: Row[];
  profile: Row[];
  changed: { reason: string; acknowledgement: string } | null;
  /** Said when the chosen profile carries more risk than the recommended one, to be highlighted. */
  override: string | null;
  facts: Row[];
  capacity: ReportCapacity;
  warnings: { title: string; explanation: string }[];
  /** The answers in the sections of the record's questionnaire version, each with its score. */
  answers: ReportSection[];
  choices: Row[];
  signature: Row[];
  verification: string;
}

/** Capacity for loss, apart from tolerance: the horizon, the capacity, its warnings and the override. */
export interface ReportCapacity {
  /** Time horizon, capacity for loss, the override's grade, and whether the warnings were acknowledged. */
  rows: Row[];
  warnings: { title: string; message: string }[];
}

export interface ReportFirm {
  company: string;
  /** The firm's licence or registration number, when the adviser has one on file. */
  licence: string | null;
  /** The firm's disclaimer, printed at the end of the report when the adviser has one. */
  disclaimer: string | null;
}

/** The firm as a header or footer names it: "Acme Advice · Licence AFSL 123456". */
export const firmLine = (firm: ReportFirm): string =>
  firm.licence ? `${firm.company} · Licence ${firm.licence}` : firm.company;

const filled = (text: string | null | undefined): string | null => (text?.trim() ? text.trim() : null);

export interface ReportAnswer {
  number: number;
  question: string;
  answer: string;
  score: string;
}

export interface ReportSection {
  title: string;
  answers: ReportAnswer[];
}

export { DEFAULT_TIME_ZONE };

/** en-AU date and time in the zone, named: "22 November 2026 at 3:04 pm AEDT" (contracts' formatLongDateTime). */
export function formatReportDate(iso: string, timeZone = DEFAULT_TIME_ZONE): string {
  return formatLongDateTime(iso, timeZone);
}

const LETTERS = ['A', 'B', 'C', 'D', 'E'] as const;

/**
 * For a compliance reader: what the digest proves and how to have it checked, in plain words. The
 * fields and the canonical JSON are docs/assessment-service.md's "The signature digest"; the check
 * runs on the stored record, where the IP address is as the server received it.
 */
export const verificationText = (assessmentId: string): string =>
  `What the digest proves: when the client signed, the assessment service computed this SHA-256 digest, a fingerprint, of exactly what was signed: assessment ${assessmentId}, the client's name, email and mobile, the answers, the risk score, the recommended and chosen profiles, the reason for any change, the exclusions and preferences, the signing time, the IP address and the browser (user agent). Any later change to any of these, even of one character, gives a different digest. How to check it: ask the firm's technical team or an auditor to take these fields of assessment ${assessmentId} from the assessment service's stored record, write them as canonical JSON as the assessment service documentation sets out ("The signature digest"), compute the SHA-256 and compare it with the digest above. If they match, the record is exactly as the client signed it. The digest shows that the record is unchanged; on its own it does not prove who signed.`;

function scoreText(section: SectionId, score: number | undefined): string {
  if (score === undefined) return 'No score';
  if (section === 'A') return `Score ${score} of 5`;
  if (section === 'B') return `Score ${score} of 5 (capacity for risk, not part of the risk score)`;
  return `Predicted group ${score} of 5 (not scored)`;
}

const sectionTitle = (id: SectionId, title: string, audience: ReportAudience): string =>
  id === 'estimate' ? (audience === 'client' ? title : "The Client's Own View") : `Section ${id}: ${title}`;

function reportCapacity(
  a: AssessmentSignedV1['data'],
  questionnaire: QuestionnaireVersion,
  audience: ReportAudience,
): ReportCapacity {
  const capacity = capacityRecordOf(a, questionnaire.capacity);
  const noFit = noProfileFitsHorizonText(capacity);
  return {
    rows: [
      ['Time horizon', timeHorizonText(capacity.timeHorizon)],
      // No profile suits the horizon: why, in the words the client read or told to the adviser.
      ...(noFit === null
        ? []
        : [['Time horizon fit', audience === 'client' ? NO_PROFILE_FITS_HORIZON.message : noFit] as const]),
      ['Capacity for loss', capacityForLossText(capacity.capacityForLoss)],
      ['Override', OVERRIDE_GRADE_TEXT[capacity.overrideGrade]],
      ['Warnings acknowledged', capacityAcknowledgementText(capacity)],
    ],
    warnings: capacity.warnings.map(({ title, message }) => ({ title, message })),
  };
}

/**
 * The report of a signed assessment, in the wording and by the rules of the questionnaire version it
 * was answered against (docs/questionnaire.md, "Versions"), never today's.
 */
export function buildReportModel(input: ReportInput, audience: ReportAudience = 'record'): ReportModel {
  const a = input.assessment;
  const zone = input.timeZone ?? DEFAULT_TIME_ZONE;
  const questionnaire = questionnaireOf(a);
  const recommended = profileByName(a.originalProfile, questionnaire.profiles);
  const chosen = profileByName(a.selectedProfile, questionnaire.profiles);
  const predictedGroup = a.responses.q18 as RiskGroup;
  const prediction = comparePrediction(predictedGroup, a.riskGroup);
  const predicted = `Group ${predictedGroup} of 5`;
  const acknowledged = a.riskAcknowledged ?? a.profileChanged;
  const aboveRecommendation = compareProfiles(a.selectedProfile, a.originalProfile) === 'higher';
  const who = audience === 'client' ? 'you' : 'the client';
  return {
    assessmentId: a.assessmentId,
    clientName: a.clientName,
    chosenProfile: a.selectedProfile,
    signedAt: formatReportDate(a.signedAt, zone),
    questionnaire: `Questionnaire version ${questionnaire.version}`,
    firm: input.adviser
      ? {
          company: input.adviser.companyName,
          licence: filled(input.adviser.licenceNumber),
          disclaimer: filled(input.adviser.disclaimer),
        }
      : null,
    adviser: input.adviser
      ? [
          ['Adviser', input.adviser.adviserName],
          ['Company', input.adviser.companyName],
          ...(filled(input.adviser.licenceNumber)
            ? [['Licence or registration', filled(input.adviser.licenceNumber)!] as const]
            : []),
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
      ['Percentile', percentileRecordText(a.riskScore, a.percentile, questionnaire.scoring)],
      ['Risk group', `${a.riskGroup} of 5`],
      [
        'Predicted versus actual',
        `Predicted ${predicted}, actual Group ${a.riskGroup} of 5. ${
          audience === 'client' ? prediction.text : describePredictionToAdviser(prediction)
        }`,
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
    override: aboveRecommendation
      ? `Chosen above the recommendation: ${who} chose ${chosen.name}, a higher-risk profile than the recommended ${recommended.name}.`
      : null,
    facts: [
      ['Negative years', chosen.negativeYears],
      ['A bad year', chosen.badYear],
      ['Minimum horizon', chosen.minimumHorizon],
      ['Allocation', `Defensive ${chosen.defensiveAllocation}, growth ${chosen.growthAllocation}`],
    ],
    capacity: reportCapacity(a, questionnaire, audience),
    // What the client was shown while answering (the answers signed are consistent), then any
    // warning an older event carried at signing.
    warnings: [
      ...(a.consistencyNotes ?? []).map(consistencyNoteText),
      ...a.consistencyWarnings.map((w) => ({ title: w.title, explanation: w.explanation })),
    ],
    answers: questionnaire.sections.map((section) => ({
      title: sectionTitle(section.id, section.title, audience),
      answers: section.questionNumbers.map((number) => {
        const q = questionnaire.questions[number - 1]!;
        const score = a.responses[q.id];
        const option = score === undefined ? undefined : optionForScore(q, score);
        return {
          number: q.number,
          question: q.text,
          answer: option === undefined ? 'Not answered' : `${LETTERS[option]}. ${q.options[option]}`,
          score: scoreText(section.id, score),
        };
      }),
    })),
    choices: [
      ['Investment exclusions', a.investmentExclusions.trim() || 'None recorded'],
      ['Investment preferences', a.investmentPreferences.trim() || 'None recorded'],
    ],
    signature: [
      ['Assessment id', a.assessmentId],
      ['Questionnaire', `Version ${questionnaire.version}`],
      ['Signed at', formatReportDate(a.signedAt, zone)],
      ['Times shown in', zone],
      ['IP address', displayIpAddress(a.ipAddress)],
      ['User agent', a.userAgent],
      ['SHA-256 digest', a.digest],
    ],
    verification: verificationText(a.assessmentId),
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
  options: { email: boolean; audience?: ReportAudience },
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
  const model = buildReportModel(input, options.audience);
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

/** The longest client name a subject shows, in characters as people count them. */
const SUBJECT_NAME_LENGTH = 60;

/**
 * The client's name as the adviser's subject shows it: on one line, defanged where it looks like
 * an address (as in the PDF: a subject is copied, so no zero-width spaces), and cut to
 * SUBJECT_NAME_LENGTH graphemes.
 */
export function subjectName(name: string): string {
  const line = defanged(name.replace(/\s+/gu, ' ').trim());
  const graphemes = [...new Intl.Segmenter('en', { granularity: 'grapheme' }).segment(line)];
  if (graphemes.length <= SUBJECT_NAME_LENGTH) return line;
  const kept = graphemes.slice(0, SUBJECT_NAME_LENGTH - 1).map((g) => g.segment);
  return `${kept.join('').trimEnd()}…`;
}

/**
 * The adviser's subject names the client, the profile and the signing time, so the adviser knows
 * whose report it is from the inbox. It goes only to an adviser the product knows, whose page the
 * signer came through; the client's copy goes wherever the signer said, so its subject carries
 * only what the product wrote: a subject must not become a signer's message to anyone.
 */
export const adviserReportSubject = (input: ReportInput): string => {
  const a = input.assessment;
  const above = compareProfiles(a.selectedProfile, a.originalProfile) === 'higher';
  // Two or more groups above the recommendation: the adviser must see it before opening the email.
  const review = capacityRecordOf(a, questionnaireOf(a).capacity).adviserReview ? 'Review required: ' : '';
  const name = subjectName(a.clientName);
  return `${review}Risk Profile report: ${name ? `${name}, ` : ''}${a.selectedProfile}, signed ${formatReportDate(a.signedAt, input.timeZone)}${
    above ? ' (chosen above recommendation)' : ''
  }`;
};

export const clientCopySubject = (input: ReportInput): string =>
  `Your Risk Profile report: ${input.assessment.selectedProfile}`;

/** ASCII-only and safe in any mail client: the client's name and the signing date in the firm's zone. */
export function reportPdfFileName(input: ReportInput): string {
  // The day of signing in the firm's zone, as the report's own dates: not UTC's day.
  const day = calendarDate(input.assessment.signedAt, input.timeZone ?? DEFAULT_TIME_ZONE);
  return `risk-profile-${fileNamePart(input.assessment.clientName) || 'client'}-${day}.pdf`;
}

/** A name as a file name may carry it: ASCII letters and digits in lower case, joined by hyphens. */
export const fileNamePart = (name: string): string =>
  name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60);
