import { BaseModel } from './base-model';

export class PricingTier extends BaseModel {
  static override tableName = 'pricing_tiers';
  static override booleanAttributes = ['isDefault'];
  static override get jsonAttributes() {
    return ['features'];
  }

  id!: string;
  courseId!: string;
  name!: string;
  priceCents!: number;
  description!: string | null;
  features!: string[];
  isDefault!: boolean;
  tierLevel!: number;
  sortOrder!: number;
  createdAt!: string;
  updatedAt!: string;
}
