/** The learning domain's services: access from entitlements, content, materials, playback, progress, library and grants. */
import { deriveKey } from '../../lib/crypto';
import type { CompletionService } from '../completion/completion-service';
import type { ServiceDependencies } from '../dependencies';
import { LearningAccess } from './access';
import { ContentService, type TranscodeQueue } from './content';
import { DownloadService } from './downloads';
import { GrantService } from './grants';
import { libraryOf } from './library';
import { MaterialsService } from './materials';
import { MediaCredentials } from './media-credentials';
import { OfflineLicences } from './offline-licences';
import { PlaybackService } from './playback';
import { ProgressService } from './progress';

export interface LearningServices {
  learningAccess: LearningAccess;
  content: ContentService;
  materials: MaterialsService;
  playback: PlaybackService;
  progress: ProgressService;
  grants: GrantService;
  library: { of(userId: string): ReturnType<typeof libraryOf> };
  downloads: DownloadService;
  licences: OfflineLicences;
}

export function createLearningServices(
  { knex, clock, logger, mediaStore, authSecret, limits }: ServiceDependencies,
  { videos, completions }: { videos: TranscodeQueue; completions: CompletionService },
): LearningServices {
  const access = new LearningAccess({ knex, clock });
  const progress = new ProgressService({ knex, clock, completions });
  const credentials = new MediaCredentials(deriveKey(authSecret, 'lesson-media'));
  const content = new ContentService({ knex, clock, videos, store: mediaStore, logger });
  const playback = new PlaybackService({ knex, clock, store: mediaStore, credentials, access, progress });
  const licences = new OfflineLicences(authSecret);
  return {
    learningAccess: access,
    content,
    materials: new MaterialsService({ knex, clock, store: mediaStore, logger, access, documentMaxBytes: limits.documentMaxMb * 1024 * 1024 }),
    playback,
    progress,
    grants: new GrantService({ knex, clock }),
    library: { of: (userId) => libraryOf({ knex, clock, completions }, userId) },
    downloads: new DownloadService({ knex, clock, store: mediaStore, access, content, playback, licences }),
    licences,
  };
}
