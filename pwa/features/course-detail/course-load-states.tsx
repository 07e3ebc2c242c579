/**
 * The course page when there is no course to show: "Course Not Found" for a missing course or a
 * malformed id (the API answers 404 or 400), otherwise "You're offline" (not saved on this
 * device) or "We couldn't load this course", each with a way on.
 */
import { Button } from '@fluentui/react-components';
import { OfflineIcon } from '../../components/icons';
import { ApiError } from '../../lib/api-client';
import { OfflineMissError } from '../../catalogue/api/catalogue-source';
import { EmptyState } from '@pwa/components/empty-state';
import { ButtonLink } from '../../components/layout/router-links';

export function isCourseNotFound(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 404 || error.status === 400);
}

export function CourseNotFound() {
  return (
    <EmptyState
      headingLevel="h1"
      title="Course Not Found"
      description="The course you're looking for doesn't exist or has been removed."
      action={
        <ButtonLink to="/courses" appearance="primary">
          Browse All Courses
        </ButtonLink>
      }
    />
  );
}

export function CourseLoadError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const offline = error instanceof OfflineMissError;
  return (
    <EmptyState
      headingLevel="h1"
      icon={offline ? <OfflineIcon size={56} /> : undefined}
      title={offline ? "You're offline" : "We couldn't load this course"}
      description={
        offline
          ? 'This course has not been saved on this device yet. Reconnect to the internet to view it; once viewed it stays available offline.'
          : 'Something went wrong on our side. Please try again in a moment.'
      }
      action={
        <Button appearance="primary" onClick={onRetry}>
          Try Again
        </Button>
      }
    />
  );
}
