/** DELETE /api/pricing-tiers/:id (the next tier becomes the default when the default goes). */
import { sendWrite, tierEntity, useCatalogueWrite } from './catalogue-write';

export const deleteTier = (id: string) =>
  sendWrite<{ message: string }>({
    method: 'DELETE',
    url: `/api/pricing-tiers/${encodeURIComponent(id)}`,
    entity: tierEntity(id),
    label: 'Delete pricing tier',
  });

export const useDeleteTier = () => useCatalogueWrite(deleteTier);
