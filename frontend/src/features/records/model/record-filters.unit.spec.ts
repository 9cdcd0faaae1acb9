import { describe, expect, it } from 'vitest';
import {
  accessLogQuery,
  csvExportHref,
  cursorQuery,
  parseAccessLogFilters,
  parseRecordFilters,
  recordListQuery,
} from './record-filters';

describe("the list's filters in the address", () => {
  it('keeps the known filters', () => {
    expect(
      parseRecordFilters({ q: ' Jane ', status: 'signed', reviewDue: 'true', adviser: 'Demo-Adviser' }),
    ).toEqual({
      q: 'Jane',
      status: 'signed',
      reviewDue: true,
      adviser: 'demo-adviser',
    });
    // The router parses `reviewDue=true` into a boolean.
    expect(parseRecordFilters({ reviewDue: true })).toEqual({ reviewDue: true });
  });

  it('drops what the service would refuse, so an edited address still opens the list', () => {
    expect(parseRecordFilters({ q: '   ', status: 'lost', reviewDue: 'yes', adviser: '' })).toEqual({});
    expect(parseRecordFilters({ reviewDue: false })).toEqual({});
    expect(parseRecordFilters({ q: 'x'.repeat(500) }).q).toHaveLength(200);
  });
});

describe('the query strings', () => {
  it('sends only the filters that are set, encoded', () => {
    expect(recordListQuery({})).toBe('');
    expect(recordListQuery({ q: 'Anh & Co', status: 'in_progress' })).toBe(
      '?q=Anh+%26+Co&status=in_progress',
    );
    expect(recordListQuery({ reviewDue: true, adviser: 'demo-adviser' }, 'abc=')).toBe(
      '?reviewDue=true&adviser=demo-adviser&cursor=abc%3D',
    );
  });

  it("keeps a household's id from the address, and drops one that is not an id", () => {
    const household = '0b9f4a47-5f5e-4d7c-9c84-3c7e1c7a1e01';
    expect(parseRecordFilters({ household: household.toUpperCase() })).toEqual({ household });
    expect(parseRecordFilters({ household: 'the-smiths' })).toEqual({});
    expect(recordListQuery({ household, status: 'signed' })).toBe(`?status=signed&household=${household}`);
    expect(csvExportHref({ household })).toBe(`/api/admin/assessments.csv?household=${household}`);
  });

  it('exports the CSV with the filters on the screen and never a cursor', () => {
    expect(csvExportHref({})).toBe('/api/admin/assessments.csv');
    expect(
      csvExportHref({ q: 'jane@example.com', status: 'signed', reviewDue: true, adviser: 'demo-adviser' }),
    ).toBe(
      '/api/admin/assessments.csv?q=jane%40example.com&status=signed&reviewDue=true&adviser=demo-adviser',
    );
  });

  it('pages the sent links by cursor alone', () => {
    expect(cursorQuery()).toBe('');
    expect(cursorQuery('n/1')).toBe('?cursor=n%2F1');
  });
});

describe("the access log's filters", () => {
  const id = '0b9f4a47-5f5e-4d7c-9c84-3c7e1c7a1e01';

  it('keeps a known action, the actor and the assessment', () => {
    const filters = parseAccessLogFilters({
      actor: 'admin@example.com',
      action: 'export',
      assessment: id.toUpperCase(),
    });
    expect(filters).toEqual({ actor: 'admin@example.com', action: 'export', assessment: id });
    expect(accessLogQuery(filters, 'c')).toBe(
      `?actor=admin%40example.com&action=export&assessment=${id}&cursor=c`,
    );
  });

  it('drops an unknown action', () => {
    expect(parseAccessLogFilters({ action: 'delete' })).toEqual({});
    expect(accessLogQuery({})).toBe('');
  });
});
