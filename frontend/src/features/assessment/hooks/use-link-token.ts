import { MESSAGES, type VerifiedLink } from '@risk-profile/contracts';
import { useRouter, useRouterState } from '@tanstack/react-router';
import { useEffect, useRef } from 'react';
import { markArrivedWithLinkToken, rememberArrivalLink } from '../../../lib/link-arrival';
import { toast } from '../../../lib/toast';
import { useVerifyLinkToken } from '../api/verify-link-token';

/** The address without its `token` parameter. */
export function withoutToken(pathname: string, searchStr: string, hash: string): string {
  const params = new URLSearchParams(searchStr);
  params.delete('token');
  const search = params.toString();
  return `${pathname}${search ? `?${search}` : ''}${hash ? `#${hash}` : ''}`;
}

/**
 * Reads a questionnaire link's `?token=`, takes it out of the address (so it is not bookmarked,
 * shared or sent as a referrer) and has the server check it. The address is read again on every
 * location change, back and forward included.
 */
export function useLinkToken(onVerified: (link: VerifiedLink) => void): { verifying: boolean } {
  const router = useRouter();
  const searchStr = useRouterState({ select: (state) => state.location.searchStr });
  const { mutate, isPending } = useVerifyLinkToken();
  const handled = useRef<string | null>(null);
  const onVerifiedRef = useRef(onVerified);
  onVerifiedRef.current = onVerified;

  useEffect(() => {
    const token = new URLSearchParams(searchStr).get('token');
    if (!token) {
      handled.current = null;
      return;
    }
    // Strict mode runs effects twice; one token is verified once per visit to its address.
    if (handled.current === token) return;
    handled.current = token;
    markArrivedWithLinkToken();
    const { pathname, hash } = router.state.location;
    router.history.replace(withoutToken(pathname, searchStr, hash));
    mutate(token, {
      onSuccess: (link) => {
        rememberArrivalLink(link.linkId);
        onVerifiedRef.current(link);
      },
      onError: () =>
        toast({
          title: MESSAGES.invalidLinkTitle,
          description: MESSAGES.invalidLink,
          variant: 'destructive',
        }),
    });
  }, [searchStr, router, mutate]);

  return { verifying: isPending };
}
