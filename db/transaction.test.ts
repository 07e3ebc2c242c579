import { describe, expect, it } from 'vitest';
import { isRetryableLockError, retryOnLockError } from './transaction';

describe('lock-error retries', () => {
  it('knows a deadlock, a lock-wait timeout and SQLITE_BUSY, raw or wrapped by Objection (nativeError)', () => {
    for (const error of [{ errno: 1213 }, { errno: 1205 }, { code: 'ER_LOCK_DEADLOCK' }, { code: 'SQLITE_BUSY' }]) {
      expect(isRetryableLockError(error)).toBe(true);
      expect(isRetryableLockError({ name: 'DBError', nativeError: error })).toBe(true);
    }
    expect(isRetryableLockError({ code: 'ER_DUP_ENTRY' })).toBe(false);
    expect(isRetryableLockError({ nativeError: { code: 'SQLITE_CONSTRAINT_UNIQUE' } })).toBe(false);
    expect(isRetryableLockError(null)).toBe(false);
  });

  it('runs the work again after a wrapped deadlock', async () => {
    let calls = 0;
    const result = await retryOnLockError(async () => {
      calls += 1;
      if (calls === 1) throw Object.assign(new Error('Deadlock found'), { nativeError: { code: 'ER_LOCK_DEADLOCK', errno: 1213 } });
      return 'done';
    });
    expect(result).toBe('done');
    expect(calls).toBe(2);
  });
});
