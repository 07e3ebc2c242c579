/**
 * The column-mapping step of a CSV upload (issue 30, point 3): when the server does not know a
 * report's columns it answers 400 with the columns found and a suggested mapping; staff choose
 * which column holds what and the file is sent again with the mapping. An attendance report's
 * columns: e-mail (required), name, join and leave; a poll report's (one row per answer, like
 * Zoom's): e-mail and question (required), name and answer (a blank answer then is not one). A
 * mapping naming a column the report lacks is refused by the server (400, the missing ones named).
 */
import { ATTENDANCE_MESSAGES, MAPPED_FIELDS, type ColumnMapping, type ImportRefusal } from '@contracts/attendance';
import { TIME_ZONES } from '@contracts/catalogue';

export type MappingReport = keyof typeof MAPPED_FIELDS;
export type MappingKey = keyof ColumnMapping;

const LABELS: Record<MappingKey, string> = {
  email: 'E-mail column',
  name: 'Name column',
  join: 'Join time column',
  leave: 'Leave time column',
  question: 'Poll question column',
  answer: 'Poll answer column',
};
const REQUIRED: Record<MappingReport, readonly MappingKey[]> = { attendance: ['email'], polls: ['email', 'question'] };

/** The fields of the report's mapping step, in order. */
export function mappingFields(report: MappingReport): Array<{ key: MappingKey; label: string; required: boolean }> {
  return MAPPED_FIELDS[report].map((key) => ({ key, label: LABELS[key], required: REQUIRED[report].includes(key) }));
}

/** The mapping as chosen: a column name per field of the report, '' for none. */
export type MappingDraft = Partial<Record<MappingKey, string>>;

export const MAPPING_MESSAGES = { email: 'Choose the column that holds the e-mail addresses', question: ATTENDANCE_MESSAGES.questionColumn } as const;

/** The server's suggestion, kept only where it names a column the report has. */
export function suggestedMapping(report: MappingReport, refusal: Pick<ImportRefusal, 'columns' | 'mapping'>): MappingDraft {
  const columns = new Set(refusal.columns ?? []);
  const pick = (key: MappingKey) => {
    const suggested = refusal.mapping?.[key];
    return suggested && columns.has(suggested) ? suggested : '';
  };
  return Object.fromEntries(MAPPED_FIELDS[report].map((key) => [key, pick(key)]));
}

/** The mapping to send, or the first problem and its field: the required columns must be chosen. */
export function mappingOf(report: MappingReport, draft: MappingDraft): { mapping: ColumnMapping } | { problem: string; field: MappingKey } {
  for (const key of REQUIRED[report]) if (!draft[key]) return { problem: MAPPING_MESSAGES[key as 'email' | 'question'], field: key };
  const mapping: ColumnMapping = { email: draft.email! };
  for (const key of MAPPED_FIELDS[report]) if (draft[key]) mapping[key] = draft[key];
  return { mapping };
}

/** The zones a report's times may be in: the course's own first, then the back office's usual ones. */
export function zoneChoices(courseZone: string | null | undefined): string[] {
  const zones: string[] = [...TIME_ZONES];
  return courseZone && !zones.includes(courseZone) ? [courseZone, ...zones] : zones;
}
