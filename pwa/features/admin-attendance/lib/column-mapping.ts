/**
 * The column-mapping step of a CSV upload (issue 30, point 3): when the server does not know a
 * report's columns it answers 400 with the columns found and a suggested mapping; staff choose
 * the e-mail (required), name, join and leave columns and the file is sent again with the mapping.
 */
import type { ColumnMapping, ImportRefusal } from '@contracts/attendance';
import { TIME_ZONES } from '@contracts/catalogue';

export const MAPPING_FIELDS = [
  { key: 'email', label: 'E-mail column', required: true },
  { key: 'name', label: 'Name column', required: false },
  { key: 'join', label: 'Join time column', required: false },
  { key: 'leave', label: 'Leave time column', required: false },
] as const;

export type MappingKey = (typeof MAPPING_FIELDS)[number]['key'];
/** The mapping as chosen: a column name per field, '' for none. */
export type MappingDraft = Record<MappingKey, string>;

export const MAPPING_MESSAGES = { email: 'Choose the column that holds the e-mail addresses' } as const;

/** The server's suggestion, kept only where it names a column the report has. */
export function suggestedMapping(refusal: Pick<ImportRefusal, 'columns' | 'mapping'>): MappingDraft {
  const columns = new Set(refusal.columns ?? []);
  const pick = (key: MappingKey) => {
    const suggested = refusal.mapping?.[key];
    return suggested && columns.has(suggested) ? suggested : '';
  };
  return { email: pick('email'), name: pick('name'), join: pick('join'), leave: pick('leave') };
}

/** The mapping to send, or the problem: the e-mail column is required. */
export function mappingOf(draft: MappingDraft): { mapping: ColumnMapping } | { problem: string } {
  if (!draft.email) return { problem: MAPPING_MESSAGES.email };
  const mapping: ColumnMapping = { email: draft.email };
  for (const key of ['name', 'join', 'leave'] as const) if (draft[key]) mapping[key] = draft[key];
  return { mapping };
}

/** The zones a report's times may be in: the course's own first, then the back office's usual ones. */
export function zoneChoices(courseZone: string | null | undefined): string[] {
  const zones: string[] = [...TIME_ZONES];
  return courseZone && !zones.includes(courseZone) ? [courseZone, ...zones] : zones;
}
