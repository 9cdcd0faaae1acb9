import {
  type AgreedProfileBasis,
  capacityForLossText,
  DEFAULT_TIME_ZONE,
  PROFILE_NAMES,
} from '@risk-profile/contracts';
import { type HouseholdSnapshot, isErased } from '../households/household-snapshot';
import { formatReportDate, type ReportFirm, type Row } from './report-model';

export interface HouseholdReportInput {
  household: HouseholdSnapshot;
  /** IANA zone of the dates shown (REPORT_TIME_ZONE); default Australia/Sydney. */
  timeZone?: string;
}

/** Everything the household report shows, in order, with the typed text made safe by the caller. */
interface HouseholdReportModel {
  householdId: string;
  name: string;
  agreedProfile: string;
  confirmedAt: string;
  firm: ReportFirm;
  adviser: Row[];
  agreed: Row[];
  /** Said when the agreed profile is flagged, to be highlighted. */
  flagged: string | null;
  members: { title: string; rows: Row[] }[];
  differences: { title: string; rows: Row[] }[];
  /** What the report says when no question is listed. */
  noDifferences: string;
  flags: string[];
  confirmations: Row[];
}

const ERASED_MEMBER_NAME = 'Erased member';
const erasedMemberText = (at: string) =>
  `This member's personal data and results were erased on request on ${at}.`;
export const NO_FLAGS =
  'None: the profiles are within one group of each other, and every capacity for loss bears the others’ profiles.';
const NO_DIFFERENCES = 'None: every member gave the same answers.';
const NO_DIFFERENCES_LEFT = "None to show: an erased member's answers were erased with their data.";

const BASIS_TEXT: Readonly<Record<AgreedProfileBasis, string>> = {
  lowest: "The members' lowest profile",
  average: "The members' average profile (the more cautious group between two)",
  other: 'Another profile, with the reason below',
};

const FLAGGED_TEXT =
  "Flagged: the agreed profile is not the members' lowest or average, or it is beyond a member's capacity for loss.";

/**
 * The household report's model: the adviser and firm, the agreed profile with its basis and
 * reason, each member's results (or that they were erased), the answers furthest apart, the
 * flags, and who confirmed when with the name they typed. `safe` is applied to everything a
 * client or the adviser typed (names, the household's name, the reason, signatures, the flags that
 * quote names); emails are shown as typed.
 */
export function buildHouseholdReportModel(
  input: HouseholdReportInput,
  safe: (text: string) => string = (text) => text,
): HouseholdReportModel {
  const h = input.household;
  const zone = input.timeZone ?? DEFAULT_TIME_ZONE;
  const date = (iso: string) => formatReportDate(iso, zone);
  const nameOf = (memberId: string) => {
    const member = h.members.find((m) => m.memberId === memberId);
    return member && !isErased(member) ? safe(member.name) : ERASED_MEMBER_NAME;
  };
  const licence = h.adviser.licenceNumber?.trim() || null;
  const firm: ReportFirm = {
    company: h.adviser.companyName,
    licence,
    disclaimer: h.adviser.disclaimer?.trim() || null,
  };
  const beyond = h.agreed.beyondCapacity.map(nameOf);
  return {
    householdId: h.householdId,
    name: safe(h.name),
    agreedProfile: h.agreed.profile,
    confirmedAt: date(h.confirmedAt),
    firm,
    adviser: [
      ['Adviser', h.adviser.adviserName],
      ['Company', h.adviser.companyName],
      ...(licence ? [['Licence or registration', licence] as const] : []),
      ['Email', h.adviser.email],
    ],
    agreed: [
      ['Agreed profile', h.agreed.profile],
      ['Basis', BASIS_TEXT[h.agreed.basis]],
      ['Reason', safe(h.agreed.reason)],
      ...(beyond.length > 0 ? [['Beyond the capacity for loss of', beyond.join(', ')] as const] : []),
      ['Agreed by', h.agreed.agreedBy],
      ['Agreed at', date(h.agreed.agreedAt)],
    ],
    flagged: h.agreed.flagged ? FLAGGED_TEXT : null,
    members: h.members.map((m, i) =>
      isErased(m)
        ? {
            title: `Member ${i + 1}: ${ERASED_MEMBER_NAME}`,
            rows: [['Status', erasedMemberText(date(m.erasedAt))]],
          }
        : {
            title: `Member ${i + 1}: ${safe(m.name)}`,
            rows: [
              ['Email', m.email ?? 'Not given'],
              ['Mobile', m.phone ?? 'Not given'],
              ['Risk score', `${m.riskScore} out of 60`],
              ['Risk group', `${m.riskGroup} of 5`],
              ['Recommended profile', m.recommendedProfile],
              ['Signed profile', m.profile],
              [
                'Capacity for loss',
                `${capacityForLossText(m.capacityForLoss)}: bears ${PROFILE_NAMES[m.maxGroupForCapacity - 1]} at most`,
              ],
              ['Signed at', date(m.signedAt)],
              ['Assessment', m.assessmentId],
            ],
          },
    ),
    differences: h.differences.map((d) => ({
      title: `${d.question}. ${d.label} (answers ${d.spread} apart)`,
      rows: d.answers.map((a) => [nameOf(a.memberId), `${a.answer} (score ${a.score} of 5)`] as const),
    })),
    noDifferences: h.members.some(isErased) ? NO_DIFFERENCES_LEFT : NO_DIFFERENCES,
    flags: h.flags.map((flag) => safe(flag.message)),
    confirmations: [
      ...h.members.map(
        (m): Row =>
          isErased(m)
            ? [ERASED_MEMBER_NAME, 'Confirmed; the signature was erased with the member’s data']
            : [safe(m.name), `Confirmed ${date(m.confirmedAt)}, signed “${safe(m.signatureName)}”`],
      ),
      ['Household confirmed', date(h.confirmedAt)],
      ['Times shown in', zone],
    ],
  };
}
