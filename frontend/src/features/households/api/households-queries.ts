import {
  type AgreeHouseholdProfileBody,
  buildPath,
  type CreateHouseholdBody,
  ENDPOINT_ROUTES,
  type HouseholdView,
} from '@risk-profile/contracts';
import { infiniteQueryOptions, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError, callEndpoint } from '../../../lib/api-client';

/*
 * The adviser's households. Every read of one household is a "Household viewed" entry in the
 * access log, so a household is read when its page opens or the adviser asks, never on a timer,
 * and an answer that carries the household (agreeing a profile) replaces the cached one.
 */

const LIST_KEY = ['households', 'list'] as const;
const householdKey = (id: string) => ['households', 'household', id] as const;

const cursorQuery = (cursor: string | undefined): string =>
  cursor ? `?${new URLSearchParams({ cursor }).toString()}` : '';

export const householdListQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: LIST_KEY,
    queryFn: ({ pageParam, signal }) =>
      callEndpoint('listHouseholds', {
        path: `${ENDPOINT_ROUTES.listHouseholds.path}${cursorQuery(pageParam)}`,
        signal,
      }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.nextCursor ?? undefined,
    // The shared list reads `items`.
    select: (data) => ({
      ...data,
      pages: data.pages.map((page) => ({ items: page.households, nextCursor: page.nextCursor })),
    }),
  });

export const householdQueryOptions = (id: string) =>
  queryOptions({
    queryKey: householdKey(id),
    queryFn: ({ signal }) =>
      callEndpoint('getHousehold', { path: buildPath(ENDPOINT_ROUTES.getHousehold, { id }), signal }),
  });

/** The household report, rendered on demand; a plain link, so the browser downloads it. */
export const householdReportPdfHref = (id: string): string =>
  buildPath(ENDPOINT_ROUTES.householdReportPdf, { id });

export function useCreateHousehold() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateHouseholdBody) => callEndpoint('createHousehold', { body }),
    onSuccess: async (_created) => {
      await queryClient.invalidateQueries({ queryKey: LIST_KEY });
    },
  });
}

/** Records the agreed profile; the answer is the household with it, shown without reading it again. */
export function useAgreeHouseholdProfile(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AgreeHouseholdProfileBody) =>
      callEndpoint('agreeHouseholdProfile', {
        path: buildPath(ENDPOINT_ROUTES.agreeHouseholdProfile, { id }),
        body,
      }),
    onSuccess: async (household: HouseholdView) => {
      queryClient.setQueryData(householdKey(id), household);
      await queryClient.invalidateQueries({ queryKey: LIST_KEY });
    },
    // A conflict says the household moved on (a member erased, every member confirmed): read it again.
    onError: (error) => {
      if (error instanceof ApiError && error.status === 409) {
        void queryClient.invalidateQueries({ queryKey: householdKey(id) });
      }
    },
  });
}
