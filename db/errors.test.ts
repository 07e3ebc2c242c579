import { describe, expect, it } from 'vitest';
import { isConstraintViolation, isUniqueViolation } from './errors';

describe('database error classification', () => {
  it('knows a duplicate key on both engines, raw or wrapped by Objection', () => {
    for (const code of ['ER_DUP_ENTRY', 'SQLITE_CONSTRAINT_UNIQUE', 'SQLITE_CONSTRAINT_PRIMARYKEY']) {
      expect(isUniqueViolation({ code })).toBe(true);
      expect(isUniqueViolation({ nativeError: { code } })).toBe(true);
    }
    expect(isUniqueViolation({ code: 'ER_NO_REFERENCED_ROW_2' })).toBe(false);
    expect(isUniqueViolation(new Error('boom'))).toBe(false);
    expect(isUniqueViolation(null)).toBe(false);
  });

  it('counts foreign-key and other SQLite constraints as constraint violations, not as duplicates', () => {
    expect(isConstraintViolation({ code: 'ER_ROW_IS_REFERENCED_2' })).toBe(true);
    expect(isConstraintViolation({ code: 'SQLITE_CONSTRAINT_FOREIGNKEY' })).toBe(true);
    expect(isUniqueViolation({ code: 'SQLITE_CONSTRAINT_FOREIGNKEY' })).toBe(false);
    expect(isConstraintViolation({ code: 'ER_LOCK_DEADLOCK' })).toBe(false);
  });
});
