/** POST /api/courses/:id/pricing-tier: name, price, isDefault (the first tier), sortOrder (count + 1). */
import type { PricingTier } from '@contracts/catalogue';
import type { TierWrite } from '@contracts/course-admin';
import { courseEntity, sendWrite, useCatalogueWrite } from './catalogue-write';

export const createTier = ({ courseId, body }: { courseId: string; body: TierWrite }) =>
  sendWrite<PricingTier>({
    method: 'POST',
    url: `/api/courses/${encodeURIComponent(courseId)}/pricing-tier`,
    body,
    entity: courseEntity(courseId),
    label: 'Add pricing tier',
  });

export const useCreateTier = () => useCatalogueWrite(createTier);
