import { describe, expect, it } from 'vitest';
import { parseDashboardSearch } from './dashboard-search';

describe('parseDashboardSearch', () => {
  it.each([
    [{}, { period: 'all' }],
    [{ period: '7d' }, { period: '7d' }],
    [{ period: '1y' }, { period: 'all' }],
    [
      { period: '24h', tab: 'questions' },
      { period: '24h', tab: 'questions' },
    ],
    [{ tab: 'assessments' }, { period: 'all', tab: 'assessments' }],
    [{ tab: 'devices' }, { period: 'all', tab: 'devices' }],
    [{ tab: 'overview' }, { period: 'all' }],
    [{ tab: 'settings' }, { period: 'all' }],
    [{ tab: ['questions'] }, { period: 'all' }],
  ])('reads %j as %j', (search, expected) => {
    expect(parseDashboardSearch(search)).toEqual(expected);
  });
});
