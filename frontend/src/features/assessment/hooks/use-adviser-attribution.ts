import { useCallback, useEffect, useState } from 'react';
import { rememberVisitAdviser } from '../../../lib/client-visit';
import { useAdviser } from '../api/get-adviser';
import type { AdviserLookup } from '../components/adviser-banner';

/**
 * Which adviser the assessment is for, and what is known of them. The page address names one; when
 * it does not, a questionnaire link, restored progress or an earlier page of this visit can, and in
 * person the draft of a signed-in adviser at `/` comes back attributed to them.
 */
export function useAdviserAttribution(routeSlug: string | null, visitAdviserSlug: string | null) {
  const [linkSlug, setLinkSlug] = useState<string | null>(null);
  const [savedSlug, setSavedSlug] = useState<string | null>(null);
  const [visitSlug, setVisitSlug] = useState<string | null>(visitAdviserSlug);
  const [draftSlug, setDraftSlug] = useState<string | null>(null);

  const slug = routeSlug ?? linkSlug ?? savedSlug ?? visitSlug ?? draftSlug;
  const adviserQuery = useAdviser(slug);
  const lookup: AdviserLookup =
    slug === null
      ? { status: 'none' }
      : adviserQuery.isPending
        ? { status: 'loading' }
        : adviserQuery.isError
          ? { status: 'error' }
          : adviserQuery.data
            ? { status: 'found', adviser: adviserQuery.data }
            : { status: 'missing' };
  const adviser = lookup.status === 'found' ? lookup.adviser : null;

  useEffect(() => {
    if (adviser) rememberVisitAdviser(adviser.slug);
  }, [adviser]);

  /** Another assessment: only the page address still names an adviser. */
  const forget = useCallback(() => {
    setLinkSlug(null);
    setSavedSlug(null);
    setVisitSlug(null);
    setDraftSlug(null);
  }, []);

  return {
    slug,
    lookup,
    adviser,
    fromLink: setLinkSlug,
    fromSavedProgress: setSavedSlug,
    fromDraft: setDraftSlug,
    forget,
  };
}
