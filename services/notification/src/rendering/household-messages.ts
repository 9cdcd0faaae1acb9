import { calendarDate, DEFAULT_TIME_ZONE, formatShortDate } from '@risk-profile/contracts';
import type {
  HouseholdConfirmationContent,
  HouseholdReportContent,
  HouseholdSnapshot,
} from '../households/household-snapshot';
import { isErased } from '../households/household-snapshot';
import { renderLinkEmailHtml } from './link-email-html';
import { fitsOneSegment } from './link-sms';
import type { RenderedEmail } from './report-email';
import { fileNamePart, firmLine, formatReportDate, subjectName } from './report-model';
import { defanged, unlinkable } from './unlinkable';

/*
 * Every word of the household messages (docs/notifications.md, "Households"): the confirmation
 * request by email or SMS, and the note that carries the household report to the adviser and to
 * each member. Plain and professional, as the questionnaire link's email.
 */

const firstWord = (name: string) => name.trim().split(/\s+/)[0] ?? name;

/** The flagged profile, in words a member can follow. */
const FLAGGED_AGREEMENT_NOTE =
  "Please read the reason with care: this profile is not the lowest or the average of the members' own profiles, or it carries more risk than a member's capacity for loss can bear.";

const confirmationSubject = (c: HouseholdConfirmationContent): string =>
  `${c.adviser.adviserName} asks you to confirm your household's Risk Profile`;

/**
 * A member's own link to confirm the household's agreed profile: who asks, the agreed profile
 * beside the member's own, the reason, and until when the link works.
 */
export function householdConfirmationEmail(
  c: HouseholdConfirmationContent,
  timeZone?: string,
): RenderedEmail {
  const { adviser, agreed, member } = c;
  const expires = formatReportDate(member.confirmExpiresAt, timeZone);
  const intro = (household: string) =>
    `${adviser.adviserName} of ${adviser.companyName} has recorded the Risk Profile for your household's joint investments (${household}): ${agreed.profile}. Your own signed profile is ${member.profile}.`;
  const reason = (text: string) => `The reason recorded: ${text}`;
  const notes = [
    `This link is personal to you and works until ${expires}.`,
    `Questions? Reply to this email to reach ${adviser.adviserName}.`,
  ];
  const flagged = agreed.flagged ? [FLAGGED_AGREEMENT_NOTE] : [];
  const action = 'Review and confirm';
  // Typed text is kept from becoming a link: zero-width spaces in the HTML, defanged in the text.
  const html = renderLinkEmailHtml({
    preview: `Confirm your household's Risk Profile: ${agreed.profile}`,
    greeting: `Hi ${unlinkable(firstWord(member.name))},`,
    intro: intro(unlinkable(c.name)),
    paragraphs: [reason(unlinkable(agreed.reason)), ...flagged],
    link: { action, url: member.confirmUrl },
    notes,
  });
  const text = [
    `Hi ${defanged(firstWord(member.name))},`,
    intro(defanged(c.name)),
    reason(defanged(agreed.reason)),
    ...flagged,
    `${action}:\n${member.confirmUrl}`,
    ...notes,
  ].join('\n\n');
  return { subject: confirmationSubject(c), html, text: `${text}\n` };
}

/**
 * The confirmation link by SMS, for a member with only a mobile number: the longest wording that
 * fits one segment, else the full one in several parts (the link has no short form).
 */
export function householdConfirmationSms(
  c: HouseholdConfirmationContent,
  timeZone = DEFAULT_TIME_ZONE,
): string {
  const url = c.member.confirmUrl;
  const adviser = c.adviser.adviserName.trim();
  const expires = formatShortDate(c.member.confirmExpiresAt, timeZone);
  const profile = c.agreed.profile;
  const wordings = [
    `${adviser} of ${c.adviser.companyName.trim()} asks you to confirm your household's agreed Risk Profile, ${profile}: ${url} Link expires ${expires}.`,
    `${adviser} asks you to confirm your household's Risk Profile, ${profile}: ${url} Expires ${expires}.`,
    `Confirm your household's Risk Profile, ${profile}: ${url} Expires ${expires}.`,
  ];
  return wordings.find(fitsOneSegment) ?? wordings[0]!;
}

/**
 * The adviser's subject names the household (the adviser typed its name); a member's carries only
 * what the product wrote, as a client's copy of a report does.
 */
function householdReportSubject(content: HouseholdReportContent, timeZone?: string): string {
  const h = content.household;
  if (content.memberId === null) {
    return `Household Risk Profile report: ${subjectName(h.name)}, ${h.agreed.profile}, confirmed ${formatReportDate(h.confirmedAt, timeZone)}`;
  }
  return `Your household's Risk Profile report: ${h.agreed.profile}`;
}

/** The note that carries the household report: to the adviser, or to a member (greeted by name). */
export function householdReportEmail(content: HouseholdReportContent, timeZone?: string): RenderedEmail {
  const h = content.household;
  const { adviser } = h;
  const member = h.members.find((m) => m.memberId === content.memberId && !isErased(m));
  const firm = firmLine({
    company: adviser.companyName,
    licence: adviser.licenceNumber?.trim() || null,
    disclaimer: null,
  });
  const disclaimer = adviser.disclaimer?.trim() ? [`${firm}. ${adviser.disclaimer.trim()}`] : [firm];
  const forAdviser = (household: string) =>
    `Every member of ${household} has confirmed the agreed Risk Profile, ${h.agreed.profile}. The household report is attached: each member's profile, score and capacity for loss, the answers furthest apart, the flags, the agreed profile with its reason, and who confirmed when.`;
  const forMember = `Every member of your household has confirmed the agreed Risk Profile, ${h.agreed.profile}. ${adviser.adviserName} of ${adviser.companyName} has the household report, and a copy is attached for your records.`;
  const notes =
    content.memberId === null
      ? disclaimer
      : [`Questions? Reply to this email to reach ${adviser.adviserName}.`, ...disclaimer];
  const greeting = (safe: (text: string) => string) =>
    member && !isErased(member) ? `Hi ${safe(firstWord(member.name))},` : `Household report: ${safe(h.name)}`;
  const intro = (safe: (text: string) => string) =>
    content.memberId === null ? forAdviser(safe(h.name)) : forMember;
  const html = renderLinkEmailHtml({
    preview: `Household Risk Profile report: ${h.agreed.profile}`,
    greeting: greeting(unlinkable),
    intro: intro(unlinkable),
    notes,
  });
  const text = [greeting(defanged), intro(defanged), ...notes].join('\n\n');
  return { subject: householdReportSubject(content, timeZone), html, text: `${text}\n` };
}

/** ASCII-only: the household's name and the day every member had confirmed, in the firm's zone. */
export function householdReportFileName(household: HouseholdSnapshot, timeZone = DEFAULT_TIME_ZONE): string {
  const day = calendarDate(household.confirmedAt, timeZone);
  return `household-risk-profile-${fileNamePart(household.name) || 'household'}-${day}.pdf`;
}
