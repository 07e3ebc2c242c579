/** DELETE /api/pricing-tiers/:id (the next tier becomes the default when the default goes). */
import { sendWrite, useCatalogueWrite } from './catalogue-write';

export const deleteTier = (id: string) => sendWrite<{ message: string }>('DELETE', `/api/pricing-tiers/${encodeURIComponent(id)}`);

export const useDeleteTier = () => useCatalogueWrite(deleteTier);
