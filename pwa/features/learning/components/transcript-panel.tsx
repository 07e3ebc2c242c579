/**
 * A video lesson's transcript (from its captions), for the entitled whose tier includes it: a
 * search box narrows the lines, and each line is a button that moves the video to it. Another
 * tier's material says so instead (LEARNING_MESSAGES.materialForOtherTier).
 */
import { Input, Text, makeStyles, tokens } from '@fluentui/react-components';
import { useId, useMemo, useState } from 'react';
import { LEARNING_MESSAGES } from '@contracts/learning';
import { ApiError } from '@pwa/lib/api-client';
import { SearchIcon } from '@pwa/components/icons';
import { useTranscript, type TranscriptCue } from '../api/get-transcript';
import { formatClock } from '../lib/time-format';

const useStyles = makeStyles({
  panel: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  title: { margin: 0, fontSize: tokens.fontSizeBase400 },
  list: {
    listStyle: 'none',
    margin: 0,
    padding: 0,
    maxHeight: '22rem',
    overflowY: 'auto',
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
    borderRadius: tokens.borderRadiusMedium,
  },
  cue: {
    display: 'flex',
    gap: tokens.spacingHorizontalM,
    width: '100%',
    textAlign: 'left',
    padding: `${tokens.spacingVerticalXS} ${tokens.spacingHorizontalS}`,
    border: 'none',
    background: 'none',
    color: tokens.colorNeutralForeground1,
    font: 'inherit',
    cursor: 'pointer',
    ':hover': { backgroundColor: tokens.colorNeutralBackground1Hover },
    ':focus-visible': { outline: `2px solid ${tokens.colorStrokeFocus2}`, outlineOffset: '-2px' },
  },
  at: { color: tokens.colorBrandForeground1, fontVariantNumeric: 'tabular-nums', minWidth: '3.5rem' },
  note: { color: tokens.colorNeutralForeground2 },
});

/** The cues whose text holds every word of the search (any case). */
export function matchingCues(cues: readonly TranscriptCue[], search: string): TranscriptCue[] {
  const words = search.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return [...cues];
  return cues.filter((cue) => {
    const text = cue.text.toLowerCase();
    return words.every((word) => text.includes(word));
  });
}

export function TranscriptPanel({
  lessonId,
  viewer,
  materialIncluded,
  onSeek,
}: {
  lessonId: string;
  viewer: string;
  materialIncluded: boolean;
  onSeek: (seconds: number) => void;
}) {
  const styles = useStyles();
  const titleId = useId();
  const [search, setSearch] = useState('');
  const transcript = useTranscript(lessonId, viewer, materialIncluded);
  const cues = useMemo(() => matchingCues(transcript.data?.cues ?? [], search), [transcript.data, search]);

  const otherTier = !materialIncluded || (transcript.error instanceof ApiError && transcript.error.status === 403);
  if (otherTier) {
    return (
      <section className={styles.panel} aria-labelledby={titleId}>
        <h2 className={styles.title} id={titleId}>
          Transcript
        </h2>
        <Text className={styles.note}>{LEARNING_MESSAGES.materialForOtherTier}</Text>
      </section>
    );
  }
  // No captions, no transcript (and a failure here never hides the video).
  if (!transcript.data || transcript.data.cues.length === 0) return null;
  return (
    <section className={styles.panel} aria-labelledby={titleId}>
      <h2 className={styles.title} id={titleId}>
        Transcript
      </h2>
      <Input
        type="search"
        contentBefore={<SearchIcon size={16} />}
        aria-label="Search the transcript"
        placeholder="Search the transcript"
        value={search}
        onChange={(_event, data) => setSearch(data.value)}
      />
      <Text className={styles.note} role="status">
        {search.trim() ? `${cues.length} of ${transcript.data.cues.length} lines match` : ''}
      </Text>
      <ul className={styles.list} aria-label="Transcript lines">
        {cues.map((cue) => (
          <li key={`${cue.start}-${cue.end}`}>
            <button type="button" className={styles.cue} onClick={() => onSeek(cue.start)}>
              <span className={styles.at}>{formatClock(cue.start)}</span>
              <span>{cue.text}</span>
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
