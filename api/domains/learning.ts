/** Learning: entitlements read, course content, playback and media, progress, My Training, access grants. */
import { membershipLibrarySyncJob } from '../jobs/sync-membership-libraries';
import { learningRoutes } from '../routes/learning-routes';
import { LESSON_DOCUMENT_PATH, lessonAdminRoutes } from '../routes/lesson-admin-routes';
import { createLearningServices, type LearningServices } from '../services/learning';
import type { PlatformServices } from '../services/platform';
import type { CompletionServices } from '../services/completion';
import type { VideoServices } from '../services/video';
import { defineDomain } from './domain';

export const learningDomain = defineDomain<LearningServices, VideoServices & CompletionServices, LearningServices & Pick<PlatformServices, 'idempotency'>>({
  name: 'learning',
  // Attaching a finished upload to a lesson queues its transcode (the video domain's queue); new
  // progress judges the course's completion again, and My Training reads it (completion domain).
  needs: ['videos', 'completions'],
  services: (deps, { videos, completions }) => createLearningServices(deps, { videos, completions }),
  routes: (api, services) => {
    learningRoutes(api, services);
    lessonAdminRoutes(api, services);
  },
  jobs: ({ knex }) => [membershipLibrarySyncJob(knex)],
  // A lesson's PDF is streamed to storage by its route, with its own size limit.
  unparsedBodies: [{ method: 'PUT', path: LESSON_DOCUMENT_PATH, keep: 'stream' }],
});
