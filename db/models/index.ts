export { BaseModel } from './base-model';
export { Instructor } from './instructor';
export { Course } from './course';
export { PricingTier } from './pricing-tier';
export { CatalogueChange, type CatalogueEntity, type CatalogueChangeAction } from './catalogue-change';
export { User, ROLES, type Role, type MembershipType } from './user';
export { Order, OrderItem } from './order';
export { Enrollment } from './enrollment';
export { ContactMessage } from './contact-message';
