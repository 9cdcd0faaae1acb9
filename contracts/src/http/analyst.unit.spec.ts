import { describe, expect, it } from 'vitest';
import { parseWorkedQueries } from './analyst';

describe('parseWorkedQueries', () => {
  it('takes each sql block of the section with the paragraph before it as its title', () => {
    const markdown = [
      '# Schema',
      '```sql',
      'SELECT 0;',
      '```',
      '## Worked queries',
      '',
      'Intro that is not a title.',
      '',
      'Drop-off per question',
      '(all time):',
      '',
      '```sql',
      'SELECT 1',
      'FROM t;',
      '```',
      '',
      'Second one:',
      '```sql',
      'SELECT 2;',
      '```',
      '',
      '## Later',
      '```sql',
      'SELECT 3;',
      '```',
    ].join('\n');
    expect(parseWorkedQueries(markdown)).toEqual([
      { title: 'Drop-off per question (all time)', sql: 'SELECT 1\nFROM t;' },
      { title: 'Second one', sql: 'SELECT 2;' },
    ]);
  });

  it('answers none for a document without the section', () => {
    expect(parseWorkedQueries('# Nothing\n```sql\nSELECT 1\n```')).toEqual([]);
  });
});
