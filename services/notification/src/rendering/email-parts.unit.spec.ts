import LinkifyIt from 'linkify-it';
import tlds from 'tlds';
import { describe, expect, it } from 'vitest';
import { linkRequested, signedAssessment } from '../testing/fixtures';
import {
  formatReportDate,
  type ReportInput,
  renderAdviserReportEmail,
  renderClientCopyEmail,
  renderLinkEmail,
} from './index';

const inputOf = (event = signedAssessment()): ReportInput => ({
  assessment: event.data,
  adviser: event.data.adviser,
});

const ZERO_WIDTH = /[\u200B-\u200D\u2060\uFEFF]/;

describe("the adviser report's subject", () => {
  it('names the client before the profile and the signing time', async () => {
    const input = inputOf(signedAssessment({ clientName: 'Casey Shortterm' }));
    expect((await renderAdviserReportEmail(input)).subject).toBe(
      `Risk Profile report: Casey Shortterm, Balanced, signed ${formatReportDate(input.assessment.signedAt)}`,
    );
  });

  it('keeps the review flag in front and the override at the end', async () => {
    const input = inputOf(signedAssessment({ clientName: 'Jane Citizen', selectedProfile: 'High Growth' }));
    expect((await renderAdviserReportEmail(input)).subject).toBe(
      `Review required: Risk Profile report: Jane Citizen, High Growth, signed ${formatReportDate(input.assessment.signedAt)} (chosen above recommendation)`,
    );
  });

  it('shows a name that looks like an address defanged, on one line and cut to 60 characters', async () => {
    const linkify = new LinkifyIt().tlds(tlds);
    const evil = await renderAdviserReportEmail(
      inputOf(signedAssessment({ clientName: 'Win at\nwww.evil.com  now' })),
    );
    expect(evil.subject).toMatch(
      /^Risk Profile report: Win at www\[\.\]evil\[\.\]com now, Balanced, signed /,
    );
    expect(linkify.match(evil.subject)).toBeNull();
    const long = await renderAdviserReportEmail(inputOf(signedAssessment({ clientName: 'Ab '.repeat(60) })));
    expect(long.subject).toMatch(/^Risk Profile report: (Ab ){19}Ab…, Balanced, signed /);
  });

  it("leaves the client's copy without the name: it goes wherever the signer said", async () => {
    const email = await renderClientCopyEmail(inputOf(signedAssessment({ clientName: 'Casey Shortterm' })));
    expect(email.subject).toBe('Your Risk Profile report: Balanced');
  });
});

describe('the plain-text part', () => {
  const casey = signedAssessment({
    clientName: 'Casey Shortterm',
    clientEmail: 'casey.shortterm@example.com',
    profileChangeReason: 'See https://evil.com/prize',
    selectedProfile: 'Growth',
    userAgent: 'Mozilla/5.0 (X11; Linux x86_64)',
  });

  it('holds no zero-width character, so a copied address is the address', async () => {
    for (const email of [
      await renderAdviserReportEmail(inputOf(casey)),
      await renderClientCopyEmail(inputOf(casey)),
    ]) {
      expect(email.text).not.toMatch(ZERO_WIDTH);
      expect(email.text).toContain('Email: casey.shortterm@example.com');
      // What looks like a link in what the signer typed is defanged, as in the PDF.
      expect(email.text).toContain('See hxxps://evil[.]com/prize');
      expect(email.text).toContain('Mozilla/5.0 (X11; Linux x86_64)');
      // The HTML part keeps its zero-width spaces: there they stop mail clients making links.
      expect(email.html).toContain('casey.\u200Bshortterm@\u200Bexample.\u200Bcom');
    }
  });

  it('shows what looks like an address defanged, as the PDF does', async () => {
    const hostile = signedAssessment({
      clientName: 'Win at www.evil.com now',
      selectedProfile: 'Growth',
      profileChangeReason: 'See https://evil.com/prize and write to win@evil.com',
      investmentExclusions: 'evil.net/claim',
      userAgent: 'Mozilla/5.0 (visit evil.com)',
    });
    for (const email of [
      await renderAdviserReportEmail(inputOf(hostile)),
      await renderClientCopyEmail(inputOf(hostile)),
    ]) {
      for (const shown of [
        'Win at www[.]evil[.]com now',
        'See hxxps://evil[.]com/prize and write to win[at]evil[.]com',
        'evil[.]net/claim',
        'Mozilla/5.0 (visit evil[.]com)',
      ]) {
        expect(email.text).toContain(shown);
      }
    }
  });

  it('holds no zero-width character in the link email either', async () => {
    const email = await renderLinkEmail(linkRequested({ clientName: 'evil.com/win Jones' }).data);
    expect(email.text).not.toMatch(ZERO_WIDTH);
    expect(email.text).toContain('Hi evil[.]com/win,');
    expect(email.html).toContain('evil.\u200Bcom/\u200Bwin');
  });
});
