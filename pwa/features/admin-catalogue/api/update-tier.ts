/** PUT /api/pricing-tiers/:id: name and price. */
import type { PricingTier } from '@contracts/catalogue';
import type { TierUpdate } from '@contracts/course-admin';
import { sendWrite, useCatalogueWrite } from './catalogue-write';

export const updateTier = ({ id, body }: { id: string; body: TierUpdate }) => sendWrite<PricingTier>('PUT', `/api/pricing-tiers/${encodeURIComponent(id)}`, body);

export const useUpdateTier = () => useCatalogueWrite(updateTier);
