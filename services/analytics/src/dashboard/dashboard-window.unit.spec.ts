import { describe, expect, it } from 'vitest';
import { window } from './dashboard-window';

const NOW = new Date('2026-11-22T12:00:00.000Z');

describe('the filters of a dashboard read', () => {
  it('without a filter, restricts nothing: ClickHouse drops `true` and reads no filter column', () => {
    const { of, params } = window('all', NOW, null, null);
    expect(of).toEqual({ assessment: 'true', sessionQuestion: 'true' });
    // Bound but unused, so every query takes the same parameters.
    expect(params).toMatchObject({ adviser: '', version: 0 });
  });

  it("with a version, restricts the assessments and the sessions' questions to it", () => {
    const { of, params } = window('7d', NOW, null, 2);
    expect(of).toEqual({
      assessment: 'questionnaire_version = {version:UInt16}',
      sessionQuestion: 'questionnaire_version = {version:UInt16}',
    });
    expect(params).toMatchObject({ adviser: '', version: 2 });
  });

  it('with an adviser and a version, requires both', () => {
    const { of, params } = window('all', NOW, 'harbour', 3);
    expect(of.assessment).toBe(
      'adviser_slug = {adviser:String} AND questionnaire_version = {version:UInt16}',
    );
    expect(of.sessionQuestion).toMatch(
      /^session_key IN \(.*adviser_slug = \{adviser:String\}.*\) AND questionnaire_version = \{version:UInt16\}$/s,
    );
    expect(params).toMatchObject({ adviser: 'harbour', version: 3 });
  });

  it('binds the values: neither is ever in the SQL', () => {
    const { of } = window('all', NOW, "x' OR 1=1", 7);
    for (const condition of Object.values(of)) {
      expect(condition).not.toContain("x' OR");
      expect(condition).not.toContain('7');
    }
  });
});
