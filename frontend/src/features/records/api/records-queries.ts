import { buildPath, ENDPOINT_ROUTES, type RecordDelivery, type RecordDetail } from '@risk-profile/contracts';
import {
  infiniteQueryOptions,
  type QueryClient,
  queryOptions,
  useMutation,
  useQueryClient,
} from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/api-client';
import {
  type AccessLogFilters,
  accessLogQuery,
  cursorQuery,
  type RecordFilters,
  recordListQuery,
} from '../model/record-filters';

/** Whose records: the signed-in adviser's own, or (for an administrator) every adviser's. */
export type RecordScope = 'adviser' | 'admin';

const ENDPOINTS_OF = {
  adviser: { list: 'listAdviserRecords', one: 'getAdviserRecord', pdf: 'adviserReportPdf' },
  admin: { list: 'listAdminRecords', one: 'getAdminRecord', pdf: 'adminReportPdf' },
} as const;

const nextPage = (page: { nextCursor: string | null }) => page.nextCursor ?? undefined;

export const recordListQueryOptions = (scope: RecordScope, filters: RecordFilters) =>
  infiniteQueryOptions({
    queryKey: ['records', scope, 'list', filters] as const,
    queryFn: ({ pageParam, signal }) => {
      const name = ENDPOINTS_OF[scope].list;
      // An adviser's list has no adviser filter: the service scopes it to the session.
      const query = recordListQuery(
        scope === 'admin' ? filters : { ...filters, adviser: undefined },
        pageParam,
      );
      return callEndpoint(name, { path: `${ENDPOINT_ROUTES[name].path}${query}`, signal });
    },
    initialPageParam: undefined as string | undefined,
    getNextPageParam: nextPage,
  });

export const recordQueryOptions = (scope: RecordScope, id: string) =>
  queryOptions({
    queryKey: ['records', scope, 'record', id] as const,
    queryFn: ({ signal }) => {
      const name = ENDPOINTS_OF[scope].one;
      return callEndpoint(name, { path: buildPath(ENDPOINT_ROUTES[name], { id }), signal });
    },
  });

/** The PDF of the signed report, rendered on demand; a plain link, so the browser downloads it. */
export function reportPdfHref(scope: RecordScope, id: string): string {
  return buildPath(ENDPOINT_ROUTES[ENDPOINTS_OF[scope].pdf], { id });
}

/** Sends the signed report again (the adviser's endpoint: an administrator reads, and does not send). */
export function useResendReport(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (to: 'adviser' | 'client') =>
      callEndpoint('adviserResendReport', {
        path: buildPath(ENDPOINT_ROUTES.adviserResendReport, { id }),
        body: { to },
      }),
    onSuccess: (result) => afterResend(queryClient, id, result.delivery),
  });
}

/**
 * The new delivery joins the open record's history (and its report column, for the adviser's
 * report) from the resend's answer, not by reading the record again: every read of a record is a
 * "Record viewed" entry in the access log, and the adviser viewed nothing new. The lists, which
 * are not logged, are read again.
 */
export async function afterResend(
  queryClient: QueryClient,
  id: string,
  delivery: RecordDelivery,
): Promise<void> {
  queryClient.setQueryData(
    ['records', 'adviser', 'record', id],
    (record: RecordDetail | undefined): RecordDetail | undefined =>
      record && {
        ...record,
        reportDelivery: delivery.kind === 'adviser-report' ? delivery : record.reportDelivery,
        history: [...record.history, { at: delivery.createdAt, event: 'delivery', delivery }],
      },
  );
  await queryClient.invalidateQueries({
    queryKey: ['records', 'adviser'],
    predicate: (query) => query.queryKey[2] !== 'record',
  });
}

/** Refreshed when the adviser sends a link from the workspace. */
export const SENT_LINKS_QUERY_KEY = ['records', 'adviser', 'links'] as const;

export const sentLinksQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: SENT_LINKS_QUERY_KEY,
    queryFn: ({ pageParam, signal }) =>
      callEndpoint('listSentLinks', {
        path: `${ENDPOINT_ROUTES.listSentLinks.path}${cursorQuery(pageParam)}`,
        signal,
      }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: nextPage,
  });

export const accessLogQueryOptions = (filters: AccessLogFilters) =>
  infiniteQueryOptions({
    queryKey: ['records', 'admin', 'access-log', filters] as const,
    queryFn: ({ pageParam, signal }) =>
      callEndpoint('accessLog', {
        path: `${ENDPOINT_ROUTES.accessLog.path}${accessLogQuery(filters, pageParam)}`,
        signal,
      }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: nextPage,
  });
