export { BaseModel } from './base-model';
export { Instructor } from './instructor';
export { Course } from './course';
export { PricingTier } from './pricing-tier';
export { CatalogueChange, type CatalogueEntity, type CatalogueChangeAction } from './catalogue-change';
