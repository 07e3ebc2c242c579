/** Image uploads (the sweep runs in the platform's pruning). */
import { UPLOAD_PUT_PATH, uploadRoutes } from '../routes/upload-routes';
import { createUploadServices } from '../services/uploads';
import { defineDomain } from './domain';

export const uploadsDomain = defineDomain({
  name: 'uploads',
  services: createUploadServices,
  routes: (api, services) => uploadRoutes(api, services),
  // The upload's bytes are streamed to storage by its route, with its own size limit.
  unparsedBodies: [{ method: 'PUT', path: UPLOAD_PUT_PATH, keep: 'stream' }],
});
