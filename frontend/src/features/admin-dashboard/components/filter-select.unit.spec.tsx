import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { FilterSelect } from './filter-select';

const versions = (value: number | null, seen: number[]) =>
  renderToStaticMarkup(
    <FilterSelect
      label="Questionnaire version"
      allLabel="All versions"
      value={value}
      seen={seen}
      optionLabel={(version) => `Version ${version}`}
      parse={Number}
      onChange={() => {}}
    />,
  );

/** The options' values and words, in order, and which is selected. */
const optionsOf = (html: string) =>
  [...html.matchAll(/<option value="([^"]*)"( selected="")?>([^<]*)<\/option>/g)].map(
    ([, value, selected, text]) => `${value}:${text}${selected ? ' (selected)' : ''}`,
  );

describe("the dashboard's filter selects", () => {
  it('offers every version and each version seen, named by an accessible label', () => {
    const html = versions(null, [1, 2]);
    expect(html).toContain('aria-label="Questionnaire version"');
    expect(optionsOf(html)).toEqual([':All versions (selected)', '1:Version 1', '2:Version 2']);
  });

  it('shows the chosen version selected', () => {
    expect(optionsOf(versions(2, [1, 2]))).toEqual([
      ':All versions',
      '1:Version 1',
      '2:Version 2 (selected)',
    ]);
  });

  it('keeps a version named by the address selectable before any assessment has it', () => {
    expect(optionsOf(versions(3, [1]))).toEqual([':All versions', '3:Version 3 (selected)', '1:Version 1']);
    expect(optionsOf(versions(3, []))).toEqual([':All versions', '3:Version 3 (selected)']);
  });
});
