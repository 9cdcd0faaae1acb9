import type { NextFunction, Request, Response } from 'express';
import { describe, expect, it } from 'vitest';
import { HttpError } from './http-errors';
import { sameOriginWrites } from './same-origin';

/** What the guard decides for a cookie-carrying POST addressed to `host` from `origin`. */
function decide(publicUrl: string | undefined, host: string, origin: string): 'allowed' | number {
  const req = { method: 'POST', protocol: 'http', headers: { cookie: 'session=x', host, origin } };
  let outcome: 'allowed' | number = 'allowed';
  const next: NextFunction = (error?: unknown) => {
    if (error) outcome = error instanceof HttpError ? error.status : 500;
  };
  sameOriginWrites(publicUrl)(req as unknown as Request, {} as Response, next);
  return outcome;
}

describe('sameOriginWrites', () => {
  it.each([
    ['localhost reached at 127.0.0.1', '127.0.0.1:4000', 'http://localhost:4000'],
    ['localhost reached at [::1]', '[::1]:4000', 'http://localhost:4000'],
    ['127.0.0.1 reached at localhost', 'localhost:4000', 'http://127.0.0.1:4000'],
    ['the very origin addressed', '127.0.0.1:4000', 'http://127.0.0.1:4000'],
  ])('without PUBLIC_URL, takes %s as the same origin', (_, host, origin) => {
    expect(decide(undefined, host, origin)).toBe('allowed');
    expect(decide('http://localhost:4000', host, origin)).toBe('allowed');
  });

  it.each([
    ['another port', '127.0.0.1:4000', 'http://localhost:4001'],
    ['another scheme', '127.0.0.1:4000', 'https://localhost:4000'],
    ['another site', '127.0.0.1:4000', 'https://evil.example'],
    ['a loopback origin at a public host', 'risk.example.com', 'http://localhost'],
    ['an opaque origin', '127.0.0.1:4000', 'null'],
  ])('without PUBLIC_URL, refuses %s', (_, host, origin) => {
    expect(decide(undefined, host, origin)).toBe(403);
  });

  it('with a public PUBLIC_URL, takes it and the addressed origin only', () => {
    const publicUrl = 'https://risk.example.com';
    expect(decide(publicUrl, 'internal:3000', 'https://risk.example.com')).toBe('allowed');
    expect(decide(publicUrl, '127.0.0.1:4000', 'http://127.0.0.1:4000')).toBe('allowed');
    expect(decide(publicUrl, '127.0.0.1:4000', 'http://localhost:4000')).toBe(403);
  });
});
