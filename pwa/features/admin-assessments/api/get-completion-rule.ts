/** GET /api/courses/:id/completion-rule (staff): the course's rule, and whether it is the default of its type (none set). */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CompletionRule } from '@contracts/completion';
import { ADMIN_READ, getKeptJson } from '@pwa/offline/back-office/admin-snapshots';
import { assessmentKeys, coursePath } from './assessment-keys';

export interface CompletionRuleAnswer {
  rule: CompletionRule;
  isDefault: boolean;
}

export const completionRuleQueryOptions = (courseId: string) =>
  queryOptions({
    ...ADMIN_READ,
    queryKey: assessmentKeys.completionRule(courseId),
    queryFn: () => getKeptJson<CompletionRuleAnswer>(`${coursePath(courseId)}/completion-rule`),
  });

export function useCompletionRule(courseId: string) {
  return useQuery(completionRuleQueryOptions(courseId));
}
