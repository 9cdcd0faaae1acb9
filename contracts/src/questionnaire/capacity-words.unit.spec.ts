import { describe, expect, it } from 'vitest';
import { CAPACITY_ACKNOWLEDGEMENT_STATEMENT, TIME_HORIZONS } from './capacity';
import { capacityAcknowledgementText, OVERRIDE_GRADE_TEXT, timeHorizonText } from './capacity-words';

describe('capacity in words', () => {
  it('names every horizon as question 13 put it, capitalised', () => {
    expect(TIME_HORIZONS.map(timeHorizonText)).toEqual([
      'Within 3 years',
      'In 3 to 5 years',
      'In 5 to 7 years',
      'In 7 to 10 years',
      'In more than 10 years',
    ]);
  });

  it('says a two-group override is flagged for the adviser', () => {
    expect(OVERRIDE_GRADE_TEXT.review).toMatch(/^Flagged for the adviser's review/);
  });

  it('quotes the statement only when the client acknowledged warnings', () => {
    const warning = { id: 'horizon', title: 't', message: 'm' };
    expect(capacityAcknowledgementText({ warnings: [warning], acknowledged: true })).toBe(
      `Acknowledged: "${CAPACITY_ACKNOWLEDGEMENT_STATEMENT}"`,
    );
    expect(capacityAcknowledgementText({ warnings: [warning], acknowledged: false })).toBe(
      'Not acknowledged',
    );
    expect(capacityAcknowledgementText({ warnings: [], acknowledged: false })).toBe(
      'No warnings to acknowledge',
    );
  });
});
