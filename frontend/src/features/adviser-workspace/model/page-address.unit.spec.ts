import { describe, expect, it } from 'vitest';
import { pageAddress } from './page-address';

describe("the adviser's page address", () => {
  it('is the public URL and the slug', () => {
    expect(pageAddress('https://risk.example.com', 'alex-morgan')).toBe(
      'https://risk.example.com/alex-morgan',
    );
  });

  it('never doubles the slash after the origin', () => {
    expect(pageAddress('http://localhost:3000/', 'demo-adviser')).toBe('http://localhost:3000/demo-adviser');
  });
});
