/**
 * The conflict view (issue 14): the admin's change collided with a colleague's. Side by side, per
 * field that differs, what the admin sent ("Mine") and what the server has ("Theirs"), with a
 * choice of "Keep mine" or "Take theirs" — suggested from who changed what since the form was
 * loaded, so the colleague's edits to fields the admin left alone survive. Rich text can also be
 * copied to the clipboard. "Save my choices" sends the merged change against the server's version;
 * "Discard my change" keeps theirs entirely. Nothing is resolved without the admin.
 */
import {
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  Radio,
  RadioGroup,
  Text,
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import { useState } from 'react';
import type { OutboxEntry } from '@pwa/offline/back-office/admin-db';
import { conflictFields, mergedBody, type Choice } from '@pwa/offline/back-office/outbox-conflicts';
import { formatDateTime } from '@pwa/lib/format';

const useStyles = makeStyles({
  fields: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL, margin: 0, padding: 0, listStyleType: 'none' },
  field: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS, border: 'none', padding: 0, margin: 0 },
  sides: { display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(12rem, 1fr))', gap: tokens.spacingHorizontalM },
  side: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalXS,
    padding: tokens.spacingHorizontalS,
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorNeutralBackground3,
  },
  value: { whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', maxHeight: '8rem', overflowY: 'auto' },
  legend: { fontWeight: tokens.fontWeightSemibold, padding: 0 },
});

/** The form labels of the course and instructor fields a write carries. */
const LABELS: Record<string, string> = {
  title: 'Title',
  shortDescription: 'Short Description',
  description: 'Detailed Description',
  image: 'Image',
  code: 'Course Code',
  isActive: 'Active',
  price: 'Price',
  location: 'Location',
  instructorName: 'Instructor Name',
  instructorTitle: 'Instructor Title',
  instructorBio: 'Instructor Bio',
  instructorImage: 'Instructor Image',
  instructorId: 'Instructor',
  startDate: 'Start',
  endDate: 'End',
  duration: 'Duration (minutes)',
  timezone: 'Time Zone',
  maxParticipants: 'Max Participants',
  name: 'Name',
  bio: 'Bio',
  email: 'Email',
};
const RICH_TEXT = new Set(['description', 'instructorBio', 'bio']);

export const fieldLabel = (field: string) => LABELS[field] ?? field.replace(/([A-Z])/g, ' $1').replace(/^./, (c) => c.toUpperCase());

/** Rich text as the words it shows (for reading side by side and for the clipboard). */
const textOf = (html: string) => new DOMParser().parseFromString(html, 'text/html').body.textContent ?? '';

function shown(field: string, value: unknown): string {
  if (value === null || value === undefined || value === '') return '(empty)';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (typeof value === 'string' && RICH_TEXT.has(field)) return textOf(value);
  if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}T/.test(value) && !Number.isNaN(Date.parse(value))) return formatDateTime(value);
  return typeof value === 'string' || typeof value === 'number' ? String(value) : JSON.stringify(value);
}

function Side({ heading, text }: { heading: string; text: string }) {
  const styles = useStyles();
  return (
    <div className={styles.side}>
      <Text size={200}>{heading}</Text>
      <Text className={styles.value}>{text}</Text>
    </div>
  );
}

export function ConflictDialog({
  entry,
  onResolve,
  onDiscard,
  onClose,
}: {
  entry: OutboxEntry;
  onResolve: (body: Record<string, unknown>) => void;
  onDiscard: () => void;
  onClose: () => void;
}) {
  const styles = useStyles();
  const fields = conflictFields(entry);
  const [choices, setChoices] = useState<Record<string, Choice>>(() => Object.fromEntries(fields.map((f) => [f.field, f.suggested])));
  const [copied, setCopied] = useState<string | null>(null);
  const copy = (field: string, value: unknown) =>
    void navigator.clipboard
      .writeText(textOf(String(value ?? '')))
      .then(() => setCopied(field))
      .catch(() => undefined);

  return (
    <Dialog open onOpenChange={(_event, data) => (data.open ? undefined : onClose())}>
      <DialogSurface aria-describedby="conflict-intro">
        <DialogBody>
          <DialogTitle>Someone else changed this meanwhile</DialogTitle>
          <DialogContent>
            <Text as="p" id="conflict-intro">
              {entry.label}: your change and the version on the server differ in {fields.length === 1 ? 'one field' : `${fields.length} fields`}. Choose, for
              each, what to keep.
            </Text>
            <ul className={styles.fields}>
              {fields.map((f) => (
                <li key={f.field}>
                  <fieldset className={styles.field}>
                    <legend className={styles.legend}>{fieldLabel(f.field)}</legend>
                    <div className={styles.sides}>
                      <Side heading={`Mine${f.changedByMe ? ' (changed by you)' : ''}`} text={shown(f.field, f.mine)} />
                      <Side heading={`Theirs${f.changedByThem ? ' (changed on the server)' : ''}`} text={shown(f.field, f.theirs)} />
                    </div>
                    <RadioGroup
                      layout="horizontal"
                      aria-label={`${fieldLabel(f.field)}: what to keep`}
                      value={choices[f.field]}
                      onChange={(_event, data) => setChoices((now) => ({ ...now, [f.field]: data.value as Choice }))}
                    >
                      <Radio value="mine" label="Keep mine" />
                      <Radio value="theirs" label="Take theirs" />
                    </RadioGroup>
                    {RICH_TEXT.has(f.field) ? (
                      <div>
                        <Button size="small" onClick={() => copy(f.field, f.mine)}>
                          Copy mine
                        </Button>{' '}
                        {copied === f.field ? <Text role="status">Copied</Text> : null}
                      </div>
                    ) : null}
                  </fieldset>
                </li>
              ))}
            </ul>
          </DialogContent>
          <DialogActions>
            <Button appearance="primary" onClick={() => onResolve(mergedBody(entry, choices))}>
              Save my choices
            </Button>
            <Button onClick={onDiscard}>Discard my change</Button>
            <Button onClick={onClose}>Cancel</Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
