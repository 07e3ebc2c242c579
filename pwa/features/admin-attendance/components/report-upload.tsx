/**
 * "Upload report" (issue 30, point 3): an attendance report (Zoom participants, Microsoft Teams, or
 * any CSV after choosing its columns) or Zoom's poll report, with the time zone its times are in
 * (the course's own unless changed). When the server does not know the columns it lists them
 * (400) and this becomes the mapping step — an attendance report's e-mail (required), name, join
 * and leave columns; a poll report's e-mail and question (required), name and answer columns —,
 * then "Upload with these columns" sends the same file again (a column the report lacks is
 * refused and the step stays, saying which). Sent now or not at all: offline it says
 * the upload needs the connection. A refusal's per-row problems are listed.
 */
import { Button, Field, Select, Text } from '@fluentui/react-components';
import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import type { ImportRefusal, ImportSummary } from '@contracts/attendance';
import { ApiError, isUnavailable } from '@pwa/lib/api-client';
import { attendanceKeys } from '../api/attendance-keys';
import { importReport, refusalOf, type ImportOptions } from '../api/import-report';
import { mappingFields, mappingOf, suggestedMapping, zoneChoices, type MappingDraft, type MappingKey } from '../lib/column-mapping';
import { headingTag, useAttendanceStyles } from './attendance-styles';

type Shown =
  | { kind: 'idle' }
  | { kind: 'busy'; name: string }
  | { kind: 'done'; name: string; summary: ImportSummary }
  | { kind: 'problem'; message: string; refusal?: ImportRefusal }
  | { kind: 'mapping'; file: File; columns: string[]; draft: MappingDraft; problem?: string; field?: MappingKey };

function summaryText(name: string, s: ImportSummary): string {
  if (s.report === 'polls') return `Imported ${name}: ${s.pollsAsked ?? 0} polls, ${s.people} people.`;
  return `Imported ${name}: ${s.rows} rows, ${s.people} people (${s.matched} matched, ${s.unmatched} unmatched).${s.changed === 0 ? ' Nothing changed.' : ''}`;
}

export function ReportUpload({ courseId, timeZone, headingLevel }: { courseId: string; timeZone: string | null; headingLevel: number }) {
  const styles = useAttendanceStyles();
  const queryClient = useQueryClient();
  const zones = zoneChoices(timeZone);
  const [report, setReport] = useState<ImportOptions['report']>('attendance');
  const [zone, setZone] = useState(zones[0]!);
  const [shown, setShown] = useState<Shown>({ kind: 'idle' });
  const input = useRef<HTMLInputElement>(null);
  const Heading = headingTag(headingLevel);
  const statusId = `report-status-${courseId}`;

  const send = async (file: File, mapping?: MappingDraft) => {
    let chosen: ImportOptions['mapping'];
    const columns = shown.kind === 'mapping' ? shown.columns : [];
    if (mapping) {
      const checked = mappingOf(report, mapping);
      if ('problem' in checked) return setShown({ kind: 'mapping', file, columns, draft: mapping, problem: checked.problem, field: checked.field });
      chosen = checked.mapping;
    }
    setShown({ kind: 'busy', name: file.name });
    try {
      const summary = await importReport(courseId, file, { report, timeZone: zone, mapping: chosen });
      setShown({ kind: 'done', name: file.name, summary });
      await queryClient.invalidateQueries({ queryKey: attendanceKeys.course(courseId) });
    } catch (error) {
      const refusal = refusalOf(error);
      if (refusal?.columns && refusal.columns.length > 0) {
        if (!chosen) return setShown({ kind: 'mapping', file, columns: refusal.columns, draft: suggestedMapping(report, refusal) });
        // A column the report lacks (or none of the required ones found): the step stays with the choices made, saying why.
        return setShown({ kind: 'mapping', file, columns: refusal.columns, draft: mapping!, problem: refusal.message });
      }
      const message = isUnavailable(error)
        ? 'Uploading a report needs a connection. Try again once you are back online.'
        : (refusal?.message ?? (error instanceof ApiError ? error.serverMessage : undefined) ?? 'Upload failed');
      setShown({ kind: 'problem', message, refusal: refusal ?? undefined });
    }
  };

  const status =
    shown.kind === 'busy'
      ? `Uploading ${shown.name}…`
      : shown.kind === 'done'
        ? summaryText(shown.name, shown.summary)
        : shown.kind === 'problem'
          ? shown.message
          : shown.kind === 'mapping'
            ? shown.problem && !shown.field
              ? shown.problem
              : `The columns of ${shown.file.name} were not recognised. Choose which column holds what, then upload again.`
            : 'Zoom participant and poll reports and Microsoft Teams attendance reports are read as they are; for any other CSV you choose its columns.';

  return (
    <section className={styles.panel} aria-labelledby={`report-${courseId}`}>
      <Heading id={`report-${courseId}`} className={styles.panelTitle}>
        Upload report
      </Heading>
      <div className={styles.row}>
        <Field label="Report">
          <Select value={report} onChange={(_event, data) => setReport(data.value as ImportOptions['report'])} disabled={shown.kind === 'mapping'}>
            <option value="attendance">Attendance (participants)</option>
            <option value="polls">Polls</option>
          </Select>
        </Field>
        <Field label="Time zone of the report's times">
          <Select value={zone} onChange={(_event, data) => setZone(data.value)}>
            {zones.map((z) => (
              <option key={z} value={z}>
                {z}
              </option>
            ))}
          </Select>
        </Field>
      </div>
      <Text
        id={statusId}
        role="status"
        className={shown.kind === 'problem' || (shown.kind === 'mapping' && shown.problem && !shown.field) ? styles.problem : styles.meta}
      >
        {status}
      </Text>
      {shown.kind === 'problem' && shown.refusal?.errors?.length ? (
        <ul className={styles.list} aria-label="Rows that could not be read">
          {shown.refusal.errors.map((e) => (
            <li key={`${e.line}-${e.message}`}>
              Line {e.line}: {e.message}
            </li>
          ))}
        </ul>
      ) : null}
      {shown.kind === 'mapping' ? (
        <fieldset className={styles.panel}>
          <legend>Columns of {shown.file.name}</legend>
          <div className={styles.row}>
            {mappingFields(report).map(({ key, label, required }) => (
              <Field
                key={key}
                label={label}
                required={required}
                validationState={key === shown.field ? 'error' : 'none'}
                validationMessage={key === shown.field ? shown.problem : undefined}
              >
                <Select
                  value={shown.draft[key] ?? ''}
                  onChange={(_event, data) => setShown({ ...shown, draft: { ...shown.draft, [key]: data.value }, problem: undefined, field: undefined })}
                >
                  <option value="">{required ? 'Choose a column' : 'None'}</option>
                  {shown.columns.map((column) => (
                    <option key={column} value={column}>
                      {column}
                    </option>
                  ))}
                </Select>
              </Field>
            ))}
          </div>
          <div className={styles.actions}>
            <Button appearance="primary" onClick={() => void send(shown.file, shown.draft)}>
              Upload with these columns
            </Button>
            <Button onClick={() => setShown({ kind: 'idle' })}>Cancel</Button>
          </div>
        </fieldset>
      ) : (
        <div className={styles.actions}>
          <Button disabled={shown.kind === 'busy'} aria-describedby={statusId} onClick={() => input.current?.click()}>
            Choose CSV file
          </Button>
          <input
            ref={input}
            className={styles.hiddenInput}
            type="file"
            accept=".csv,text/csv,.txt,text/plain"
            tabIndex={-1}
            aria-label="CSV file"
            onChange={(event) => {
              const file = event.target.files?.[0];
              event.target.value = '';
              if (file) void send(file);
            }}
          />
        </div>
      )}
    </section>
  );
}
