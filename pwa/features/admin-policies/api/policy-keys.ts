/** The query keys of the back office's cancellation policies, the one place they are spelled, their addresses and the outbox entity of their writes. */
import type { CourseType } from '@contracts/course-types';

export const policyKeys = {
  all: ['admin-cancellation-policies'] as const,
  list: () => [...policyKeys.all, 'list'] as const,
};

export const POLICIES_PATH = '/api/admin/cancellation-policies';
export const policyPath = (courseType: CourseType) => `${POLICIES_PATH}/${encodeURIComponent(courseType)}`;

/** One course type's policy: its edits go one after the other. */
export const policyEntity = (courseType: CourseType) => `cancellation-policy:${courseType}`;
