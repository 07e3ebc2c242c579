/**
 * The back office's organisations (issue 33, point 6; admins): the list (GET /api/admin/orgs), one
 * organisation's seats and members (the managers' reads, which admins may use for any), and the
 * writes — a new organisation for a customer, a seat moved, a member moved to another organisation,
 * each with a reason — through the outbox like every back-office write. Offline, the last answers.
 */
import { useQuery } from '@tanstack/react-query';
import type { AdminOrgRow, MemberView, SeatView } from '@contracts/orgs';
import type { NewWrite } from '@pwa/offline/back-office/outbox';
import { ADMIN_READ, getKeptJson } from '@pwa/offline/back-office/admin-snapshots';
import { useNotifiedWrite } from '@pwa/offline/back-office/notified-write';

export const orgAdminKeys = {
  all: ['admin-orgs'] as const,
  list: () => [...orgAdminKeys.all, 'list'] as const,
  seats: (orgId: string) => [...orgAdminKeys.all, orgId, 'seats'] as const,
  members: (orgId: string) => [...orgAdminKeys.all, orgId, 'members'] as const,
};

const orgPath = (orgId: string, rest: string) => `/api/orgs/${encodeURIComponent(orgId)}${rest}`;
const adminOrgPath = (orgId: string, rest: string) => `/api/admin/orgs/${encodeURIComponent(orgId)}${rest}`;

export const useAdminOrgs = () => useQuery({ ...ADMIN_READ, queryKey: orgAdminKeys.list(), queryFn: () => getKeptJson<AdminOrgRow[]>('/api/admin/orgs') });
export const useAdminOrgSeats = (orgId: string) =>
  useQuery({ ...ADMIN_READ, queryKey: orgAdminKeys.seats(orgId), queryFn: () => getKeptJson<SeatView[]>(orgPath(orgId, '/seats')) });
export const useAdminOrgMembers = (orgId: string) =>
  useQuery({ ...ADMIN_READ, queryKey: orgAdminKeys.members(orgId), queryFn: () => getKeptJson<MemberView[]>(orgPath(orgId, '/members')) });

export const orgAdminWrites = {
  create: (body: { name: string; managerEmail: string }): NewWrite => ({
    method: 'POST',
    url: '/api/admin/orgs',
    body,
    entity: `organisation:new:${body.managerEmail}`,
    label: `Create organisation ${body.name}`,
  }),
  moveSeat: (orgId: string, seat: SeatView, body: { email: string; reason: string }): NewWrite => ({
    method: 'POST',
    url: adminOrgPath(orgId, `/seats/${encodeURIComponent(seat.id)}/move`),
    body,
    entity: `organisation:${orgId}`,
    label: `Move a seat of ${seat.courseTitle}`,
  }),
  moveMember: (orgId: string, member: MemberView, body: { toOrgId: string; reason: string }): NewWrite => ({
    method: 'POST',
    url: adminOrgPath(orgId, `/members/${encodeURIComponent(member.id)}/move`),
    body,
    entity: `organisation:${orgId}`,
    label: `Move ${member.email} to another organisation`,
  }),
};

/** Runs one of the writes above: every organisation read is asked again. */
export const useOrgAdminWrite = () => useNotifiedWrite(orgAdminKeys.all);
