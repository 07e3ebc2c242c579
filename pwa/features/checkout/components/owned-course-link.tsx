/** "You already own this course" (issue 27): the way to the course, instead of paying for it again. */
import type { OwnedCourseConflict } from '@contracts/checkout';
import { ButtonLink } from '@pwa/components/layout/router-links';

export function OwnedCourseLink({ owned }: { owned: OwnedCourseConflict }) {
  return (
    <ButtonLink appearance="primary" to={owned.path}>
      {owned.courseTitle ? `Go to ${owned.courseTitle}` : 'Go to the course'}
    </ButtonLink>
  );
}
