import { DATA_SUBJECT_REQUIRED_MESSAGE } from '@risk-profile/contracts';
import { describe, expect, it } from 'vitest';
import { parseSubject, subjectSearch } from './subject-query';

describe('the data request subject', () => {
  it('reads an email address when the text holds an @, else a mobile number', () => {
    expect(parseSubject(' Jane@Example.com ')).toEqual({
      subject: { email: 'Jane@Example.com', phone: null },
    });
    expect(parseSubject('0412 345 678')).toEqual({ subject: { email: null, phone: '0412 345 678' } });
  });

  it('says what is wrong with anything else', () => {
    expect(parseSubject('')).toEqual({ error: DATA_SUBJECT_REQUIRED_MESSAGE });
    expect(parseSubject('jane@')).toHaveProperty('error');
    expect(parseSubject('12')).toHaveProperty('error');
  });

  it('puts the subject in the query string, encoded', () => {
    expect(subjectSearch({ email: 'a+b@example.com', phone: null })).toBe('?email=a%2Bb%40example.com');
    expect(subjectSearch({ email: null, phone: '0412 345 678' })).toBe('?phone=0412+345+678');
  });
});
