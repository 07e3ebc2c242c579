/** PUT /api/pricing-tiers/:id: name and price. */
import type { PricingTier } from '@contracts/catalogue';
import type { TierUpdate } from '@contracts/course-admin';
import { sendWrite, tierEntity, useCatalogueWrite } from './catalogue-write';

export const updateTier = ({ id, body }: { id: string; body: TierUpdate }) =>
  sendWrite<PricingTier>({ method: 'PUT', url: `/api/pricing-tiers/${encodeURIComponent(id)}`, body, entity: tierEntity(id), label: 'Update pricing tier' });

export const useUpdateTier = () => useCatalogueWrite(updateTier);
