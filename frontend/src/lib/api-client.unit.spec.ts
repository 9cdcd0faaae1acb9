import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, callEndpoint, errorMessage, failureMessage, failureReason } from './api-client';

describe('failureReason', () => {
  it.each([
    ['the JSON error field', '{"error":"Assessment already signed."}', 'Assessment already signed.'],
    ['raw text when the body is not JSON', 'Bad gateway', 'Bad gateway'],
    ['raw text when the JSON has no error field', '{"message":"nope"}', '{"message":"nope"}'],
    ['the status text when the body is empty', '', 'Conflict'],
  ])('uses %s', (_, body, expected) => {
    expect(failureReason(409, 'Conflict', body)).toBe(expected);
  });
});

describe('callEndpoint', () => {
  afterEach(() => vi.unstubAllGlobals());

  const respond = (status: number, body: string, statusText = '') => {
    const fetch = vi.fn(async () => new Response(body || null, { status, statusText }));
    vi.stubGlobal('fetch', fetch);
    return fetch;
  };

  it('sends cookies, and a JSON body only when given', async () => {
    const fetch = respond(200, JSON.stringify({ slug: 'a', companyName: 'C', adviserName: 'A' }));
    await callEndpoint('getAdviser', { path: '/api/advisers/a' });
    expect(fetch).toHaveBeenCalledWith('/api/advisers/a', {
      method: 'GET',
      credentials: 'include',
      headers: { Accept: 'application/json' },
    });
  });

  it('parses the body with the contract', async () => {
    respond(200, JSON.stringify({ slug: 'a', companyName: 'C', adviserName: 'A', extra: 1 }));
    await expect(callEndpoint('getAdviser', { path: '/api/advisers/a' })).resolves.toEqual({
      slug: 'a',
      companyName: 'C',
      adviserName: 'A',
    });
  });

  it('throws "status: server error" for a failure', async () => {
    const fetch = respond(409, JSON.stringify({ error: 'This assessment has already been signed.' }));
    const call = callEndpoint('signAssessment', {
      path: '/api/assessments/x/sign',
      body: { investmentExclusions: '', investmentPreferences: '', confirmed: true },
    });
    await expect(call).rejects.toThrow('409: This assessment has already been signed.');
    const init = (fetch.mock.calls[0] as unknown as [string, RequestInit])[1];
    expect(init.headers).toEqual({ Accept: 'application/json', 'Content-Type': 'application/json' });
    expect(JSON.parse(String(init.body))).toEqual({
      investmentExclusions: '',
      investmentPreferences: '',
      confirmed: true,
    });
  });

  it('falls back to the status text', async () => {
    respond(404, '', 'Not Found');
    const error = await callEndpoint('getAdviser', { path: '/api/advisers/x' }).catch(
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toBe('404: Not Found');
    expect(errorMessage(error)).toBe('Not Found');
  });

  it('refuses a success body the contract does not allow', async () => {
    respond(200, JSON.stringify({ slug: 'a' }));
    await expect(callEndpoint('getAdviser', { path: '/api/advisers/a' })).rejects.toThrow(/unexpected body/);
  });
});

describe('errorMessage', () => {
  it('falls back when there is nothing to say', () => {
    expect(errorMessage(undefined, 'Please try again later')).toBe('Please try again later');
  });
});

describe('failureMessage', () => {
  it('reads status, colon, space, then the reason for an HTTP failure', () => {
    expect(failureMessage(new ApiError(422, 'That adviser does not exist.'))).toBe(
      '422: That adviser does not exist.',
    );
    expect(failureMessage(new ApiError(502, failureReason(502, 'Bad Gateway', '')))).toBe('502: Bad Gateway');
  });

  it("uses any other error's message, else the fallback", () => {
    expect(failureMessage(new TypeError('Failed to fetch'))).toBe('Failed to fetch');
    expect(failureMessage(undefined)).toBe('Please try again later');
  });
});
