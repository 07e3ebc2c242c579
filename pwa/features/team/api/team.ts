/**
 * The team (issue 33): the organisations I belong to, and for a manager its members, invitations,
 * seats, dashboard and each member's training record. Every write needs the connection (an
 * invitation list or a seat is decided by the server at once), and refreshes the team's reads.
 */
import { queryOptions, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  ACKNOWLEDGEMENT_MEANING,
  type DashboardPage,
  type DashboardStatus,
  type InvitationReport,
  type MemberView,
  type OrgSummary,
  type ReminderReport,
  type SeatView,
  type SignatureStatus,
  type SignatureView,
} from '@contracts/orgs';
import { apiRequest, authHeader, getJson, throwIfNotOk } from '@pwa/lib/api-client';

export type DashboardFilter = { courseId?: string; status?: DashboardStatus | 'expiring' };

export const teamKeys = {
  all: ['team'] as const,
  mine: (viewer: string) => [...teamKeys.all, viewer, 'orgs'] as const,
  org: (viewer: string, orgId: string) => [...teamKeys.all, viewer, orgId] as const,
  members: (viewer: string, orgId: string) => [...teamKeys.org(viewer, orgId), 'members'] as const,
  seats: (viewer: string, orgId: string) => [...teamKeys.org(viewer, orgId), 'seats'] as const,
  dashboard: (viewer: string, orgId: string, filter: DashboardFilter) => [...teamKeys.org(viewer, orgId), 'dashboard', filter] as const,
};

const orgPath = (orgId: string, rest = '') => `/api/orgs/${encodeURIComponent(orgId)}${rest}`;

export const myOrgsQueryOptions = (viewer: string) => queryOptions({ queryKey: teamKeys.mine(viewer), queryFn: () => getJson<OrgSummary[]>('/api/orgs') });
export const useMyOrgs = (viewer: string | null) => useQuery({ ...myOrgsQueryOptions(viewer ?? ''), enabled: !!viewer });

export const useMembers = (viewer: string, orgId: string) =>
  useQuery({ queryKey: teamKeys.members(viewer, orgId), queryFn: () => getJson<MemberView[]>(orgPath(orgId, '/members')) });

export const useSeats = (viewer: string, orgId: string) =>
  useQuery({ queryKey: teamKeys.seats(viewer, orgId), queryFn: () => getJson<SeatView[]>(orgPath(orgId, '/seats')) });

/** The dashboard's query string: the filters, and `extra` (a page cursor, the CSV format). */
export function dashboardPath(orgId: string, filter: DashboardFilter, extra: Record<string, string> = {}): string {
  const query = new URLSearchParams({
    ...(filter.courseId ? { courseId: filter.courseId } : {}),
    ...(filter.status ? { status: filter.status } : {}),
    ...extra,
  });
  const search = query.toString();
  return orgPath(orgId, `/dashboard${search ? `?${search}` : ''}`);
}

/** The dashboard a page of members at a time; the next page starts after the last member's cursor. */
export const useDashboard = (viewer: string, orgId: string, filter: DashboardFilter) =>
  useInfiniteQuery({
    queryKey: teamKeys.dashboard(viewer, orgId, filter),
    initialPageParam: null as string | null,
    queryFn: ({ pageParam }) => getJson<DashboardPage>(dashboardPath(orgId, filter, pageParam ? { after: pageParam } : {})),
    getNextPageParam: (last) => last.nextCursor,
  });

export const recordPath = (orgId: string, userId: string, format: 'pdf' | 'csv') => orgPath(orgId, `/members/${encodeURIComponent(userId)}/record.${format}`);

function useTeamWrite<Input, Output>(write: (input: Input) => Promise<Output>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: write, onSettled: () => client.invalidateQueries({ queryKey: teamKeys.all }) });
}

export const useCreateOrg = () => useTeamWrite(async (name: string) => (await (await apiRequest('POST', '/api/orgs', { name })).json()) as OrgSummary);

/** A pasted list goes as JSON, a CSV file as it is (the server reads both, and reports per row). */
export const useInvite = (orgId: string) =>
  useTeamWrite(async (input: { emails: string[] } | { csv: Blob }): Promise<InvitationReport> => {
    if ('emails' in input) return (await (await apiRequest('POST', orgPath(orgId, '/invitations'), { emails: input.emails })).json()) as InvitationReport;
    const response = await fetch(orgPath(orgId, '/invitations'), {
      method: 'POST',
      headers: { ...authHeader(), 'Content-Type': 'text/csv' },
      body: input.csv,
      credentials: 'include',
    });
    await throwIfNotOk(response);
    return (await response.json()) as InvitationReport;
  });

export const useResendInvitation = (orgId: string) =>
  useTeamWrite((memberId: string) => apiRequest('POST', orgPath(orgId, `/members/${encodeURIComponent(memberId)}/resend`)));
export const useRemoveMember = (orgId: string) =>
  useTeamWrite((memberId: string) => apiRequest('DELETE', orgPath(orgId, `/members/${encodeURIComponent(memberId)}`)));

export const useAssignSeat = (orgId: string) =>
  useTeamWrite(
    async ({ seatId, email }: { seatId: string; email: string }) =>
      (await (await apiRequest('POST', orgPath(orgId, `/seats/${encodeURIComponent(seatId)}/assign`), { email })).json()) as SeatView,
  );

export const useSetSeatDue = (orgId: string) =>
  useTeamWrite(({ seatId, dueAt }: { seatId: string; dueAt: string | null }) =>
    apiRequest('PUT', orgPath(orgId, `/seats/${encodeURIComponent(seatId)}/due`), { dueAt }),
  );

/** Push and e-mail to the chosen members about their outstanding training (each at most once a day). */
export const useRemind = (orgId: string) =>
  useTeamWrite(async (memberIds: string[]) => (await (await apiRequest('POST', orgPath(orgId, '/reminders'), { memberIds })).json()) as ReminderReport);

/** Signing a completed course (the training record's acknowledgement): its state, a code by e-mail, the signature. */
const signaturePath = (courseId: string, rest = '') => `/api/me/courses/${encodeURIComponent(courseId)}/signature${rest}`;

export const useSignatureStatus = (viewer: string, courseId: string) =>
  useQuery({ queryKey: [...teamKeys.all, viewer, 'signature', courseId], queryFn: () => getJson<SignatureStatus>(signaturePath(courseId)) });

export const useRequestSignatureCode = (courseId: string) =>
  useMutation({ mutationFn: async () => (await (await apiRequest('POST', signaturePath(courseId, '-code'))).json()) as { message: string } });

export const useSign = (courseId: string) =>
  useTeamWrite(
    async (code: string) => (await (await apiRequest('POST', signaturePath(courseId), { code, meaning: ACKNOWLEDGEMENT_MEANING })).json()) as SignatureView,
  );
