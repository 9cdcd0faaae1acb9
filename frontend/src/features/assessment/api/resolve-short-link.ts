import type { ResolvedShortLink } from '@risk-profile/contracts';
import { useMutation } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/api-client';

/** Where an SMS's short link leads: the adviser's page and the link's signed token. */
export function resolveShortLink(code: string): Promise<ResolvedShortLink> {
  return callEndpoint('resolveShortLink', { body: { code } });
}

export function useResolveShortLink() {
  return useMutation({ mutationFn: resolveShortLink });
}

/** The address a long questionnaire link has: the adviser's page with the token. */
export const longLinkPath = (adviserSlug: string, token: string): string =>
  `/${encodeURIComponent(adviserSlug)}?${new URLSearchParams({ token })}`;
