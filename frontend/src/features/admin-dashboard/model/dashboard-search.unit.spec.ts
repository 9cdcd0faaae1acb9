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
    [{ adviser: 'demo-adviser' }, { period: 'all', adviser: 'demo-adviser' }],
    [
      { period: '7d', adviser: 'demo-adviser', tab: 'devices' },
      { period: '7d', adviser: 'demo-adviser', tab: 'devices' },
    ],
    [{ adviser: "x' OR 1=1" }, { period: 'all' }],
    [{ adviser: 'Demo-Adviser' }, { period: 'all' }],
    [{ adviser: '' }, { period: 'all' }],
    [{ adviser: 'a'.repeat(65) }, { period: 'all' }],
    [{ adviser: ['demo-adviser'] }, { period: 'all' }],
    // The router parses `?version=2` as the number 2; typed by hand it may stay digits.
    [{ version: 2 }, { period: 'all', version: 2 }],
    [{ version: '3' }, { period: 'all', version: 3 }],
    [
      { period: '7d', adviser: 'demo-adviser', version: 1, tab: 'questions' },
      { period: '7d', adviser: 'demo-adviser', version: 1, tab: 'questions' },
    ],
    [{ version: 65_535 }, { period: 'all', version: 65_535 }],
    [{ version: 0 }, { period: 'all' }],
    [{ version: -1 }, { period: 'all' }],
    [{ version: 1.5 }, { period: 'all' }],
    [{ version: 65_536 }, { period: 'all' }],
    [{ version: '02' }, { period: 'all' }],
    [{ version: '1e3' }, { period: 'all' }],
    [{ version: 'two' }, { period: 'all' }],
    [{ version: [2] }, { period: 'all' }],
  ])('reads %j as %j', (search, expected) => {
    expect(parseDashboardSearch(search)).toEqual(expected);
  });
});
