import { execFileSync } from 'node:child_process';
import { optionForScore, QUESTIONS, RISK_ACKNOWLEDGEMENT_STATEMENT } from '@risk-profile/contracts';
import { uniformResponses } from '@risk-profile/contracts/testing';
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
  toWinAnsi,
} from './index';

const inputOf = (event = signedAssessment()): ReportInput => ({
  assessment: event.data,
  adviser: event.data.adviser,
});

/** The PDF's text as a PDF reader extracts it (pdftotext from poppler-utils). */
const pdfText = (pdf: Buffer): string =>
  execFileSync('pdftotext', ['-layout', '-', '-'], { input: pdf }).toString('utf8').replace(/\s+/g, ' ');

const collapse = (text: string) => text.replace(/\s+/g, ' ');
/** The HTML's visible text, entities decoded, so assertions read like the email. */
const htmlText = (html: string) =>
  collapse(
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
    'To verify this signature',
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
  it('holds every field in the HTML and the text part, with the client and profile in the subject', async () => {
    const input = inputOf();
    const email = await renderAdviserReportEmail(input);
    expect(email.subject).toBe('Risk Profile report: Jane Citizen – Balanced');
    expectEveryField(htmlText(email.html), input);
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
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
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

  it('renders names beyond its fonts without failing', async () => {
    const pdf = await renderReportPdf(inputOf(signedAssessment({ clientName: 'Nguyễn Zoë 李 🙂' })));
    expect(pdfText(pdf)).toContain('Nguyen Zoë ? ?');
    expect(toWinAnsi('Café – “ok”')).toBe('Café – “ok”');
  });

  it('is named after the client and the day, in ASCII', () => {
    expect(reportPdfFileName(inputOf(signedAssessment({ clientName: 'Zoë O’Brien' })))).toBe(
      'risk-profile-zoe-o-brien-2026-11-22.pdf',
    );
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
    expect(text).toContain('Alex Morgan of Harbour Wealth Partners');
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
