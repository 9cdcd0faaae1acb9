import { execFileSync } from 'node:child_process';
import {
  CAPACITY_ACKNOWLEDGEMENT_STATEMENT,
  capacityOutcome,
  capacityRecord,
  optionForScore,
  QUESTIONS,
  RISK_ACKNOWLEDGEMENT_STATEMENT,
} from '@risk-profile/contracts';
import { uniformResponses } from '@risk-profile/contracts/testing';
import LinkifyIt from 'linkify-it';
import tlds from 'tlds';
import { describe, expect, it } from 'vitest';
import { ADVISER, linkRequested, signedAssessment } from '../testing/fixtures';
import {
  clientSummarySms,
  formatReportDate,
  linkSms,
  type ReportInput,
  renderAdviserReportEmail,
  renderClientCopyEmail,
  renderLinkEmail,
  renderReportPdf,
  reportPdfFileName,
} from './index';
import { defanged } from './unlinkable';

const inputOf = (event = signedAssessment()): ReportInput => ({
  assessment: event.data,
  adviser: event.data.adviser,
});

/** The PDF's text as a PDF reader extracts it (pdftotext from poppler-utils). */
const pdfText = (pdf: Buffer): string =>
  execFileSync('pdftotext', ['-layout', '-', '-'], { input: pdf }).toString('utf8').replace(/\s+/g, ' ');

/** Each page's text, in order: pdftotext ends every page with a form feed. */
const pdfPages = (pdf: Buffer): string[] =>
  execFileSync('pdftotext', ['-layout', '-', '-'], { input: pdf })
    .toString('utf8')
    .split('\f')
    .slice(0, -1)
    .map((page) => page.replace(/\s+/g, ' ').trim());

const spaces = (text: string) => text.replace(/\s+/g, ' ');
/** The text as a reader sees it: zero-width spaces are invisible, runs of space one space. */
const collapse = (text: string) => spaces(text.replace(/\u200b/g, ''));
/** The HTML's text, entities decoded, so assertions read like the email (zero-width spaces kept). */
const htmlText = (html: string) =>
  spaces(
    html
      .replace(/<[^>]+>/g, ' ')
      .replace(/&#x27;|&#39;/g, "'")
      .replace(/&quot;/g, '"')
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&amp;/g, '&'),
  );

function expectEveryField(text: string, input: ReportInput) {
  const a = input.assessment;
  for (const value of [
    ADVISER.adviserName,
    ADVISER.companyName,
    ADVISER.email,
    a.clientName,
    a.clientEmail!,
    a.clientPhone!,
    `${a.riskScore} out of 60`,
    `${a.percentile}`,
    `${a.riskGroup} of 5`,
    'Predicted Group',
    a.originalProfile,
    a.selectedProfile,
    'Negative years',
    'A bad year',
    'Minimum horizon',
    'Defensive',
    a.investmentExclusions,
    a.investmentPreferences,
    a.ipAddress,
    a.userAgent,
    a.digest,
    'What the digest proves',
    a.assessmentId,
    '22 November 2026',
  ]) {
    expect(text, `missing ${value}`).toContain(value);
  }
  for (const q of QUESTIONS) {
    const option = optionForScore(q, a.responses[q.id]!);
    expect(text, `missing answer ${q.number}`).toContain(collapse(q.options[option]!));
  }
}

describe('the adviser report email', () => {
  it('holds every field in the HTML and the text part, with the client, profile and signing time in the subject', async () => {
    const input = inputOf();
    const email = await renderAdviserReportEmail(input);
    expect(email.subject).toBe(
      `Risk Profile report: Jane Citizen, Balanced, signed ${formatReportDate(input.assessment.signedAt)}`,
    );
    expectEveryField(collapse(htmlText(email.html)), input);
    expectEveryField(collapse(email.text), input);
  });

  it('dates in en-AU in the report time zone', async () => {
    expect(formatReportDate('2026-11-22T04:04:00.000Z', 'Australia/Sydney')).toMatch(
      /^22 November 2026(,| at) 3:04 pm AEDT$/,
    );
    expect(formatReportDate('2026-11-22T04:04:00.000Z', 'Australia/Perth')).toMatch(/12:04 pm AWST$/);
  });

  it('shows the reason and the acknowledgement when the profile was changed, and neither otherwise', async () => {
    const changed = inputOf(signedAssessment({ selectedProfile: 'Growth' }));
    const text = collapse((await renderAdviserReportEmail(changed)).text);
    expect(text).toContain('Reason for the change: I will not touch this money for fifteen years.');
    expect(text).toContain(RISK_ACKNOWLEDGEMENT_STATEMENT);
    expect(text).toContain('Recommended profile: Balanced');
    expect(text).toContain('Chosen profile: Growth');
    const same = collapse((await renderAdviserReportEmail(inputOf())).text);
    expect(same).not.toContain('Reason for the change');
    expect(same).not.toContain(RISK_ACKNOWLEDGEMENT_STATEMENT);
  });

  it('lists consistency warnings when there are any', async () => {
    const inconsistent = signedAssessment({ responses: uniformResponses(3, { q1: 1, q9: 5 }) });
    const warnings = inconsistent.data.consistencyWarnings;
    expect(warnings.length).toBeGreaterThan(0);
    const text = collapse((await renderAdviserReportEmail(inputOf(inconsistent))).text);
    expect(text).toContain('CONSISTENCY WARNINGS');
    for (const w of warnings) expect(text).toContain(collapse(w.title));
    expect(pdfText(await renderReportPdf(inputOf(inconsistent)))).toContain(collapse(warnings[0]!.title));
    expect(collapse((await renderAdviserReportEmail(inputOf())).text)).not.toContain('CONSISTENCY WARNINGS');
  });

  it('escapes client text in the HTML and holds no script or remote image', async () => {
    const hostile = inputOf(
      signedAssessment({
        clientName: '<script>alert(1)</script> & "Jo"',
        investmentExclusions: '<img src="https://evil.example/x.png">',
      }),
    );
    const { html } = await renderAdviserReportEmail(hostile);
    expect(html).not.toContain('<script>alert(1)</script>');
    expect(html.replace(/\u200b/g, '')).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).not.toMatch(/<script/i);
    expect(html).not.toMatch(/<img[^>]+src=["']?https?:/i);
    expect(html).not.toMatch(/<link[^>]+stylesheet/i);
  });
});

describe('the client copy email', () => {
  it('names the adviser who has the report, and says so without one', async () => {
    const withAdviser = await renderClientCopyEmail(inputOf());
    expect(withAdviser.subject).toBe('Your Risk Profile report: Balanced');
    expect(collapse(withAdviser.text)).toContain(
      'Alex Morgan of Harbour Wealth Partners has received the report',
    );
    const alone = signedAssessment({ adviser: null, adviserSlug: null });
    const without = await renderClientCopyEmail(inputOf(alone));
    expect(collapse(without.text)).not.toContain('Alex Morgan');
    expect(collapse(without.text)).toContain('Adviser: None: completed without an adviser');
  });
});

describe('the report PDF', () => {
  it('holds every field, as a PDF reader extracts it', async () => {
    const input = inputOf(signedAssessment({ selectedProfile: 'Growth' }));
    const pdf = await renderReportPdf(input);
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const text = pdfText(pdf);
    expectEveryField(text, input);
    expect(text).toContain('I will not touch this money for fifteen years.');
  });

  it('prints names in five scripts exactly as typed, and right-to-left ones as their code points', async () => {
    const names = {
      vietnamese: 'Nguyễn Thị Ánh',
      greek: 'Ελένη Παπαδοπούλου',
      cyrillic: 'Иван Петров',
      chinese: '王伟 山田太郎',
      // pdfkit lays text out left to right, so a right-to-left name would print in the wrong order:
      // it is written as its code points, visibly, never dropped or reversed.
      hebrew: 'דוד כהן',
    };
    const typed = Object.values(names).join(' ');
    const input = inputOf(
      signedAssessment({
        clientName: typed,
        investmentPreferences: `Bonds, ${names.chinese}, ${names.greek}`,
      }),
    );
    const text = pdfText(await renderReportPdf(input));
    const shown = `${names.vietnamese} ${names.greek} ${names.cyrillic} ${names.chinese} [U+05D3 U+05D5 U+05D3] [U+05DB U+05D4 U+05DF]`;
    expect(text).toContain(`Name ${shown}`);
    expect(text).toContain(`${shown}, signed`);
    expect(text).toContain(`Bonds, ${names.chinese}, ${names.greek}`);
    // In bold too (the override box and headings use it), and a character no font has.
    const bold = pdfText(
      await renderReportPdf(
        inputOf(signedAssessment({ clientName: 'Trần Văn Đức 李 🙂', selectedProfile: 'High Growth' })),
      ),
    );
    expect(bold).toContain('Trần Văn Đức 李 [U+1F642]');
  });

  it('prints a name typed with combining accents as the same letters', async () => {
    const decomposed = 'Nguyễn Thị Ánh'.normalize('NFD');
    const text = pdfText(await renderReportPdf(inputOf(signedAssessment({ clientName: decomposed }))));
    expect(text.normalize('NFC')).toContain('Name Nguyễn Thị Ánh');
  });

  it('names the firm, its licence and its disclaimer when the adviser has them', async () => {
    const adviser = {
      ...ADVISER,
      licenceNumber: 'AFSL 123456',
      disclaimer: 'General advice only: it does not take your objectives into account.',
    };
    const pages = pdfPages(await renderReportPdf(inputOf(signedAssessment({ adviser }))));
    const firm = 'Harbour Wealth Partners · Licence AFSL 123456';
    expect(pages[0]).toMatch(
      /^Risk Profile Report Harbour Wealth Partners · Licence AFSL 123456 Jane Citizen, signed/,
    );
    pages.forEach((page, i) => {
      expect(page, `footer of page ${i + 1}`).toContain(`${firm} Page ${i + 1} of ${pages.length}`);
    });
    expect(pages[0]).toContain('Licence or registration AFSL 123456');
    expect(pages.at(-1)).toContain(`Disclaimer ${firm}. ${adviser.disclaimer}`);
    // The emails too: the firm under the title, the licence among the adviser's details, the
    // disclaimer at the end, in the HTML and the text part of both.
    const input = inputOf(signedAssessment({ adviser }));
    for (const email of [await renderAdviserReportEmail(input), await renderClientCopyEmail(input)]) {
      const [html, text] = [collapse(htmlText(email.html)), collapse(email.text)];
      expect(html).toMatch(
        /(Risk Profile Report|Your Risk Profile) Harbour Wealth Partners · Licence AFSL 123456 /,
      );
      expect(text.startsWith('Harbour Wealth Partners · Licence AFSL 123456 ')).toBe(true);
      for (const part of [html, text]) {
        expect(part).toMatch(/Licence or registration:? AFSL 123456/);
        expect(part.trimEnd()).toMatch(
          /Disclaimer Harbour Wealth Partners · Licence AFSL 123456\. General advice only: it does not take your objectives into account\.$/i,
        );
      }
    }
  });

  it('leaves out a licence and disclaimer the adviser does not have, and the firm without an adviser', async () => {
    const withNulls = pdfPages(
      await renderReportPdf(
        inputOf(signedAssessment({ adviser: { ...ADVISER, licenceNumber: null, disclaimer: '  ' } })),
      ),
    );
    const all = withNulls.join(' ');
    expect(withNulls[0]).toMatch(/^Risk Profile Report Harbour Wealth Partners Jane Citizen, signed/);
    expect(all).not.toContain('Licence');
    expect(all).not.toContain('Disclaimer');
    expect(withNulls[0]).toContain('Harbour Wealth Partners Page 1 of');
    const alone = pdfPages(
      await renderReportPdf({
        assessment: signedAssessment({ adviser: null, adviserSlug: null }).data,
        adviser: null,
      }),
    );
    expect(alone[0]).toMatch(/^Risk Profile Report Jane Citizen, signed/);
    expect(alone.join(' ')).not.toContain('Harbour Wealth Partners');
    const email = await renderAdviserReportEmail(
      inputOf(signedAssessment({ adviser: { ...ADVISER, licenceNumber: null, disclaimer: null } })),
    );
    for (const text of [collapse(htmlText(email.html)), collapse(email.text)]) {
      expect(text).not.toMatch(/Licence|Disclaimer/i);
    }
  });

  it('leaves a name in any script as typed in the email HTML and text', async () => {
    const name = 'Nguyễn Thị Ánh Ελένη Иван 王伟 דוד כהן';
    const input = inputOf(signedAssessment({ clientName: name }));
    for (const email of [await renderAdviserReportEmail(input), await renderClientCopyEmail(input)]) {
      expect(collapse(htmlText(email.html))).toContain(name);
      expect(collapse(email.text)).toContain(name);
    }
  });

  it('is named after the client and the day, in ASCII', () => {
    expect(reportPdfFileName(inputOf(signedAssessment({ clientName: 'Zoë O’Brien' })))).toBe(
      'risk-profile-zoe-o-brien-2026-11-22.pdf',
    );
  });
});

describe('the report as a record', () => {
  // Predicted group 5 (q18), actual group 3: the comparison says the tolerance is lower.
  const overPredicted = () => signedAssessment({ responses: uniformResponses(3, { q18: 5 }) });

  it('numbers every page and names the client and the assessment at the top of every page after the first', async () => {
    const input = inputOf();
    const pages = pdfPages(await renderReportPdf(input));
    expect(pages.length).toBeGreaterThan(1);
    const header = `Risk Profile report: Jane Citizen, assessment ${input.assessment.assessmentId}`;
    pages.forEach((page, i) => {
      expect(page).toContain(`Page ${i + 1} of ${pages.length}`);
      if (i > 0) expect(page.startsWith(header), `header of page ${i + 1}`).toBe(true);
    });
    expect(pages[0]).not.toContain(header);
    expect(pages[0]).toContain(`Assessment ${input.assessment.assessmentId}`);
  });

  it('groups the answers into the questionnaire sections, each answer with its score', async () => {
    const input = inputOf(signedAssessment({ responses: uniformResponses(3, { q1: 5, q13: 2 }) }));
    const pdf = pdfText(await renderReportPdf(input));
    const text = collapse((await renderAdviserReportEmail(input)).text);
    const html = collapse(htmlText((await renderAdviserReportEmail(input)).html));
    for (const report of [pdf, text, html]) {
      const a = report.indexOf('Section A: Risk Tolerance');
      const b = report.indexOf('Section B: Capacity and Constraints');
      expect(a).toBeGreaterThan(-1);
      expect(b).toBeGreaterThan(report.indexOf(`12. ${collapse(QUESTIONS[11]!.text)}`));
      expect(report.indexOf(`1. ${collapse(QUESTIONS[0]!.text)}`)).toBeGreaterThan(a);
      expect(report.indexOf(`13. ${collapse(QUESTIONS[12]!.text)}`)).toBeGreaterThan(b);
      expect(report).toMatch(/1\. .*? Score 5 of 5 2\. /);
      expect(report).toMatch(/13\. .*? Score 2 of 5 \(capacity for risk, not part of the risk score\) 14\. /);
      expect(report.match(/Score \d of 5/g)).toHaveLength(17);
    }
  });

  it('tells a compliance reader what the digest proves and how to have it checked', async () => {
    const input = inputOf();
    const pdf = pdfText(await renderReportPdf(input));
    const id = input.assessment.assessmentId;
    expect(pdf).toContain(`Assessment id ${id}`);
    expect(pdf).toContain('What the digest proves:');
    expect(pdf).toContain(`of exactly what was signed: assessment ${id},`);
    expect(pdf).toContain('How to check it:');
    expect(pdf).toContain('If they match, the record is exactly as the client signed it.');
    expect(pdf).not.toContain('rebuild the signed content');
  });

  it('highlights a profile chosen above the recommendation, and names it in the adviser subject', async () => {
    const above = inputOf(signedAssessment({ selectedProfile: 'Growth' }));
    const sentence =
      'Chosen above the recommendation: the client chose Growth, a higher-risk profile than the recommended Balanced.';
    expect(pdfText(await renderReportPdf(above))).toContain(sentence);
    const adviser = await renderAdviserReportEmail(above);
    expect(adviser.subject).toBe(
      `Risk Profile report: Jane Citizen, Growth, signed ${formatReportDate(above.assessment.signedAt)} (chosen above recommendation)`,
    );
    expect(collapse(adviser.text)).toContain(`*** ${sentence} ***`);
    expect(adviser.html).toMatch(/background-color:#fff4e5[^>]*>Chosen above the recommendation/);
    const client = await renderClientCopyEmail(above);
    expect(collapse(client.text)).toContain('Chosen above the recommendation: you chose Growth');
    expect(client.subject).toBe('Your Risk Profile report: Growth');

    const below = inputOf(signedAssessment({ selectedProfile: 'Conservative' }));
    const lower = await renderAdviserReportEmail(below);
    expect(lower.subject).toBe(
      `Risk Profile report: Jane Citizen, Conservative, signed ${formatReportDate(below.assessment.signedAt)}`,
    );
    expect(lower.text).not.toContain('Chosen above');
    expect(pdfText(await renderReportPdf(below))).not.toContain('Chosen above');
  });

  it('shows capacity for loss apart from tolerance: horizon, capacity, each warning, its acknowledgement, the override grade', async () => {
    // Balanced recommended (5 to 7 years, moderate capacity); High Growth is two groups above it.
    const responses = uniformResponses(3);
    const acknowledged = capacityRecord(capacityOutcome(responses, 'Balanced', 'High Growth'), true);
    const input = inputOf(
      signedAssessment({ responses, selectedProfile: 'High Growth', capacity: acknowledged }),
    );
    const adviser = await renderAdviserReportEmail(input);
    const client = await renderClientCopyEmail(input);
    const pdf = pdfText(await renderReportPdf(input));
    for (const report of [
      collapse(adviser.text),
      collapse(htmlText(adviser.html)),
      collapse(client.text),
      pdf,
    ]) {
      const section = report.slice(report.search(/CAPACITY FOR LOSS|Capacity for loss Time horizon/));
      expect(section.length).toBeLessThan(report.length);
      expect(section).toMatch(/^\S.{0,30}Time horizon:? In 5 to 7 years Capacity for loss:? Moderate /);
      expect(section).toMatch(
        /Override:? Flagged for the adviser's review: two or more groups above the recommendation/,
      );
      expect(section).toMatch(/Warnings acknowledged:? Acknowledged: "I understand/);
      expect(section).toContain(`"${CAPACITY_ACKNOWLEDGEMENT_STATEMENT}"`);
      expect(section).toContain('Time horizon shorter than the profile needs');
      expect(section).toContain(
        'at least 10 years, but you expect to need most of this money in 5 to 7 years',
      );
      expect(section).toContain('Losses beyond your capacity for loss');
      expect(section).toContain('can fall by as much as 40%');
    }

    // An event published before capacity was recorded: recomputed from the answers, never acknowledged.
    const older = inputOf(signedAssessment({ responses, selectedProfile: 'High Growth' }));
    for (const report of [
      collapse((await renderAdviserReportEmail(older)).text),
      pdfText(await renderReportPdf(older)),
    ]) {
      expect(report).toContain('Losses beyond your capacity for loss');
      expect(report).toMatch(/Warnings acknowledged:? Not acknowledged/);
      expect(report).not.toContain(CAPACITY_ACKNOWLEDGEMENT_STATEMENT);
    }

    const fits = inputOf();
    for (const report of [
      collapse((await renderAdviserReportEmail(fits)).text),
      pdfText(await renderReportPdf(fits)),
    ]) {
      expect(report).toMatch(/Time horizon:? In 5 to 7 years/);
      expect(report).toMatch(/Override:? None: the recommended profile was kept/);
      expect(report).toMatch(/Warnings acknowledged:? No warnings to acknowledge/);
      expect(report).not.toContain('Time horizon shorter than the profile needs');
    }
  });

  it("flags a two-group override for review in the adviser's subject, not in the client's", async () => {
    const review = inputOf(signedAssessment({ selectedProfile: 'High Growth' }));
    const signed = formatReportDate(review.assessment.signedAt);
    expect((await renderAdviserReportEmail(review)).subject).toBe(
      `Review required: Risk Profile report: Jane Citizen, High Growth, signed ${signed} (chosen above recommendation)`,
    );
    expect((await renderClientCopyEmail(review)).subject).toBe('Your Risk Profile report: High Growth');

    // The record the event carries decides, not a recomputation.
    const record = capacityRecord(capacityOutcome(uniformResponses(3), 'Balanced', 'High Growth'), true);
    const carried = inputOf(
      signedAssessment({ selectedProfile: 'High Growth', capacity: { ...record, adviserReview: false } }),
    );
    expect((await renderAdviserReportEmail(carried)).subject).not.toContain('Review required');
    const oneUp = inputOf(signedAssessment({ selectedProfile: 'Growth' }));
    expect((await renderAdviserReportEmail(oneUp)).subject).not.toContain('Review required');
  });

  it('speaks about the client in the adviser report and the PDF, and to them in their copy', async () => {
    const input = inputOf(overPredicted());
    const third = "The client's actual risk tolerance is lower than they predicted.";
    const second = 'Your actual risk tolerance is lower than you predicted.';
    const adviser = await renderAdviserReportEmail(input);
    const pdf = pdfText(await renderReportPdf(input));
    for (const record of [collapse(adviser.text), collapse(htmlText(adviser.html)), pdf]) {
      expect(record).toContain(third);
      expect(record).not.toContain('Your actual');
    }
    const client = await renderClientCopyEmail(input);
    expect(collapse(client.text)).toContain(second);
    expect(collapse(htmlText(client.html))).toContain(second);
  });

  it('shows an IPv4 client as IPv4, not as an IPv4-mapped IPv6 address', async () => {
    const input = inputOf(signedAssessment({ ipAddress: '::ffff:127.0.0.1' }));
    const pdf = pdfText(await renderReportPdf(input));
    const text = collapse((await renderAdviserReportEmail(input)).text);
    expect(pdf).toContain('IP address 127.0.0.1');
    expect(text).toContain('IP address: 127.0.0.1');
    expect(pdf + text).not.toContain('::ffff');
  });

  it('gives every time in the configured zone, and names the zone', async () => {
    const input = { ...inputOf(), timeZone: 'Europe/London' };
    const pdf = pdfText(await renderReportPdf(input));
    const email = await renderAdviserReportEmail(input);
    for (const report of [pdf, collapse(email.text)]) {
      expect(report).toMatch(/Times shown in:? Europe\/London/);
      expect(report).toContain('22 November 2026 at 4:04 am GMT');
      expect(report).not.toContain('AEDT');
    }
    expect(email.subject).toContain('4:04 am GMT');
  });
});

describe('SMS texts', () => {
  it('tells a client with only a mobile their profile and that the adviser has the report, in one segment', () => {
    const text = clientSummarySms(inputOf(signedAssessment({ clientEmail: null })));
    expect(text).toBe(
      'Hi Jane, your signed Risk Profile is Balanced. Alex Morgan of Harbour Wealth Partners has your report and will be in touch.',
    );
    expect(text.length).toBeLessThanOrEqual(160);
    const alone = clientSummarySms(
      inputOf(signedAssessment({ clientEmail: null, adviser: null, adviserSlug: null })),
    );
    expect(alone).not.toContain('adviser');
  });

  it('sends the link with who it is from', () => {
    const link = linkRequested({ method: 'sms' }).data;
    const text = linkSms(link);
    expect(text).toContain(link.url);
    // One segment with the expiry's zone named leaves no room for the company.
    expect(text).toContain('Alex Morgan invites you');
    expect(text).toContain('expires 6 Dec 2026 AEDT');
  });
});

describe('the link email', () => {
  it('has the link as a button and as plain text, and its expiry', async () => {
    const link = linkRequested().data;
    const email = await renderLinkEmail(link);
    expect(email.subject).toBe('Alex Morgan invites you to complete your Risk Profile');
    expect(email.html).toContain(`href="${link.url}"`);
    expect(email.text).toContain(link.url);
    expect(email.text).toMatch(/works until 6 December 2026/);
    expect(email.html).not.toMatch(/<script/i);
  });
});

describe('client text in messages', () => {
  // Every linkifier mail clients use differs; linkify-it with every top-level domain stands in for them.
  const linkify = new LinkifyIt().tlds(tlds);
  const evilLinks = (text: string) =>
    (linkify.match(text) ?? []).map((m) => m.url).filter((url) => url.includes('evil'));
  const hostile = signedAssessment({
    clientName: 'Win at www.evil.com now',
    clientEmail: 'prize@evil.com',
    selectedProfile: 'Growth',
    profileChangeReason: 'See https://evil.com/prize and write to win@evil.com',
    investmentExclusions: 'evil.net/claim',
    investmentPreferences: '<a href="http://evil.com:8080/a">click</a> evil。com',
    userAgent: 'Mozilla/5.0 (visit evil.com)',
  });

  it("stays out of the client's subject, and is never a link in the adviser's", async () => {
    expect((await renderClientCopyEmail(inputOf(hostile))).subject).toBe('Your Risk Profile report: Growth');
    const adviser = await renderAdviserReportEmail(inputOf(hostile));
    expect(adviser.subject).toMatch(/^Risk Profile report: Win at www\[\.\]evil\[\.\]com now, Growth, /);
    expect(evilLinks(adviser.subject)).toEqual([]);
  });

  it('is never a link in the HTML or text part of a report, and the HTML reads as typed', async () => {
    for (const email of [
      await renderAdviserReportEmail(inputOf(hostile)),
      await renderClientCopyEmail(inputOf(hostile)),
    ]) {
      expect(email.html).not.toMatch(/<a[\s>]/i);
      expect(email.html).toContain('&lt;a href=');
      expect(evilLinks(htmlText(email.html))).toEqual([]);
      for (const typed of [
        'Win at www.evil.com now',
        'See https://evil.com/prize and write to win@evil.com',
        'evil.net/claim',
        'Mozilla/5.0 (visit evil.com)',
        'prize@evil.com',
      ]) {
        expect(collapse(htmlText(email.html))).toContain(typed);
      }
      // The text part, as the PDF: defanged, the client's email as typed (email-parts.unit.spec.ts).
      expect(evilLinks(email.text)).toEqual(['mailto:prize@evil.com']);
    }
  });

  it('is never a link in the PDF, where what looks like an address reads defanged', async () => {
    const text = pdfText(await renderReportPdf(inputOf(hostile)));
    // The client's email stays as typed: a link to that address only.
    expect(evilLinks(text)).toEqual(['mailto:prize@evil.com']);
    for (const shown of [
      'Win at www[.]evil[.]com now',
      'See hxxps://evil[.]com/prize and write to win[at]evil[.]com',
      'evil[.]net/claim',
      '<a href="hxxp://evil[.]com:8080/a">click</a> evil[.]com',
      'Mozilla/5.0 (visit evil[.]com)',
    ]) {
      expect(text).toContain(shown);
    }
  });

  it('defangs only what looks like an address, so no linkifier finds one', () => {
    const strict = new LinkifyIt({ fuzzyIP: true }).tlds(tlds);
    for (const typed of [
      'FTP://evil.com HTTP://EVIL.COM/x http://localhost:8080/x',
      'mailto:win@evil.com and evil.xn--p1ai',
      'http://10.0.0.1/ and Evil.Com.au/a?b=c#d',
    ]) {
      expect(strict.match(defanged(typed)), typed).toBeNull();
    }
    for (const ordinary of [
      'I prefer e.g. bonds, i.e. U.S. shares.',
      '3.5% returns by 2030.',
      'Meet @ 5pm',
    ]) {
      expect(defanged(ordinary)).toBe(ordinary);
    }
    expect(defanged('win@evil.com')).toBe('win[at]evil[.]com');
  });

  it('is never a link in the link email, whose only link is the questionnaire', async () => {
    const email = await renderLinkEmail(linkRequested({ clientName: 'evil.com/win Jones' }).data);
    expect(evilLinks(htmlText(email.html))).toEqual([]);
    expect(evilLinks(email.text)).toEqual([]);
    expect(email.text).toContain('Hi evil[.]com/win,');
  });

  it('leaves out of an SMS a first name that a phone could make a link', () => {
    const text = clientSummarySms(inputOf(signedAssessment({ clientName: 'evil.com/win Jones' })));
    expect(evilLinks(text)).toEqual([]);
    expect(text).toMatch(/^Hi, your signed Risk Profile is /);
    expect(clientSummarySms(inputOf(signedAssessment({ clientName: "Zoë-Anne O'Brien" })))).toMatch(
      /^Hi Zoë-Anne, /,
    );
  });
});
