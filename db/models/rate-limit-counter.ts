import { BaseModel } from './base-model';

/** One rate-limit bucket's current window, admitted by a conditional UPDATE (correct across processes). */
export class RateLimitCounter extends BaseModel {
  static override tableName = 'rate_limit_counters';
  static override get idColumn() {
    return 'bucket';
  }

  bucket!: string;
  windowStartedAt!: string;
  hits!: number;
}
