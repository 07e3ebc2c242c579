/**
 * GET /api/users?role=…&search=…: people newest first, searched by name or e-mail on the server;
 * more pages through the `Link` header. The customers page asks for customers (and plain users),
 * the contributors page for admins and contributors.
 */
import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import type { AdminUser } from '@contracts/admin-people';
import { listPath } from '@pwa/lib/paged-list';
import { pagedQueryOptions } from '@pwa/offline/back-office/kept-pages';
import { adminPeopleKeys, type UserListFilter } from './admin-people-keys';

export const usersPath = (filter: UserListFilter) => listPath('/api/users', { role: filter.roles.join(','), search: filter.search });

export const usersQueryOptions = (filter: UserListFilter) =>
  pagedQueryOptions<AdminUser, ReturnType<typeof adminPeopleKeys.list>>(adminPeopleKeys.list(filter), usersPath(filter));

/**
 * While a new search is on its way the rows of the last one stay, not a loading stand-in: a row the
 * new answer keeps is the same row (its buttons too), so a click on it as the answer lands is not
 * lost to a table that was swapped out between the press and the release.
 */
export function useUsers(filter: UserListFilter) {
  return useInfiniteQuery({ ...usersQueryOptions(filter), placeholderData: keepPreviousData });
}
