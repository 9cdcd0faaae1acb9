import { type DataSubject, ENDPOINT_ROUTES, type ErasureResult } from '@risk-profile/contracts';
import { infiniteQueryOptions, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/api-client';
import { subjectSearch } from '../model/subject-query';

const SUBJECT_KEY = ['admin', 'data-requests', 'assessments'] as const;
const AUDIT_KEY = ['admin', 'data-requests', 'erasures'] as const;

export const subjectAssessmentsQueryOptions = (subject: DataSubject) =>
  queryOptions({
    queryKey: [...SUBJECT_KEY, subject] as const,
    queryFn: ({ signal }) =>
      callEndpoint('findSubjectAssessments', {
        path: `${ENDPOINT_ROUTES.findSubjectAssessments.path}${subjectSearch(subject)}`,
        signal,
      }),
    retry: false,
  });

/** The export is a plain link: the browser downloads the file with the session cookie. */
export const exportHref = (subject: DataSubject): string =>
  `${ENDPOINT_ROUTES.exportSubject.path}${subjectSearch(subject)}`;

export const erasureAuditQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: AUDIT_KEY,
    initialPageParam: '',
    queryFn: ({ pageParam, signal }) =>
      callEndpoint('erasureAudit', {
        path: `${ENDPOINT_ROUTES.erasureAudit.path}?limit=25${pageParam ? `&cursor=${encodeURIComponent(pageParam)}` : ''}`,
        signal,
      }),
    getNextPageParam: (page) => page.nextCursor ?? undefined,
    retry: false,
  });

/** Erases the subject's assessments (or restricts the signed ones kept), then refreshes the page's lists. */
export function useEraseSubject() {
  const queryClient = useQueryClient();
  return useMutation<ErasureResult, Error, DataSubject>({
    mutationFn: (subject) => callEndpoint('eraseSubject', { body: subject }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: SUBJECT_KEY }),
        queryClient.invalidateQueries({ queryKey: AUDIT_KEY }),
      ]),
  });
}
