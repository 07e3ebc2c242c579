/**
 * One course in My Training: its picture, title, type, where the right to it comes from, progress
 * (a bar with its words), the next live session, and Continue — to the lesson last opened, or the
 * first (looked up when pressed); under them what the page adds (the booking's changes).
 */
import { Badge, Button, Card, Field, ProgressBar, Text, makeStyles, tokens } from '@fluentui/react-components';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import type { LibraryItem } from '@contracts/learning';
import { isLiveSessionType } from '@contracts/live-sessions';
import { ButtonLink, TextLink } from '@pwa/components/layout/router-links';
import { formatDateTime } from '@pwa/lib/format';
import { syllabusQueryOptions } from '../api/get-syllabus';
import { DownloadButton } from './download-button';
import { JoinSession } from './join-session';
import { COURSE_TYPE_LABELS, SOURCE_LABELS, completedText, coursePath, lessonPath, lessonsOf } from '../lib/learning-labels';

const FALLBACK_IMAGE = '/images/course-fallback.svg';

const useStyles = makeStyles({
  card: { display: 'grid', gridTemplateRows: 'auto 1fr', padding: 0, overflow: 'hidden' },
  image: { width: '100%', aspectRatio: '16 / 9', objectFit: 'cover', display: 'block', backgroundColor: tokens.colorNeutralBackground3 },
  body: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS, padding: tokens.spacingHorizontalL },
  badges: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalXS },
  title: { margin: 0, fontSize: tokens.fontSizeBase500, lineHeight: tokens.lineHeightBase500 },
  meta: { color: tokens.colorNeutralForeground2 },
  actions: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalS, marginTop: 'auto', paddingTop: tokens.spacingVerticalS },
});

function ContinueButton({ item, viewer }: { item: LibraryItem; viewer: string }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const label = `Continue ${item.title}`;
  if (item.lastLessonId) {
    return (
      <ButtonLink to={lessonPath(item.courseId, item.lastLessonId)} appearance="primary" aria-label={label}>
        Continue
      </ButtonLink>
    );
  }
  const start = async () => {
    setBusy(true);
    try {
      const syllabus = await queryClient.fetchQuery(syllabusQueryOptions(item.courseId, viewer));
      const first = lessonsOf(syllabus)[0];
      navigate(first ? lessonPath(item.courseId, first.id) : coursePath(item.courseId));
    } catch {
      navigate(coursePath(item.courseId));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button appearance="primary" aria-label={label} disabled={busy} onClick={() => void start()}>
      Continue
    </Button>
  );
}

/** `children`: what the page adds under the card's actions (its "Manage booking", issue 35). */
export function LibraryCard({ item, viewer, children }: { item: LibraryItem; viewer: string; children?: ReactNode }) {
  const styles = useStyles();
  const progress = Math.max(0, Math.min(100, item.progressPercent));
  return (
    <Card className={styles.card} role="listitem" aria-labelledby={`library-${item.courseId}`}>
      <img className={styles.image} src={item.image || FALLBACK_IMAGE} alt="" loading="lazy" width={640} height={360} />
      <div className={styles.body}>
        <div className={styles.badges}>
          <Badge appearance="tint" color="brand">
            {COURSE_TYPE_LABELS[item.type] ?? item.type}
          </Badge>
          <Badge appearance="outline" color="informative">
            {SOURCE_LABELS[item.source]}
          </Badge>
        </div>
        <h2 className={styles.title} id={`library-${item.courseId}`}>
          <TextLink to={coursePath(item.courseId)}>{item.title}</TextLink>
        </h2>
        {item.completedAt ? (
          <Text weight="semibold" data-testid="library-completed">
            {completedText(item.completedAt)}
          </Text>
        ) : (
          <>
            <Field label={`${progress}% complete`} validationState="none">
              <ProgressBar value={progress / 100} thickness="large" aria-valuetext={`${progress}% complete`} />
            </Field>
            {item.leftText ? <Text className={styles.meta}>{item.leftText}</Text> : null}
          </>
        )}
        {item.nextSessionAt ? <Text className={styles.meta}>Next live session: {formatDateTime(item.nextSessionAt)}</Text> : null}
        {item.endsAt ? <Text className={styles.meta}>Access until {formatDateTime(item.endsAt)}</Text> : null}
        <div className={styles.actions}>
          {isLiveSessionType(item.type) ? <JoinSession courseId={item.courseId} viewer={viewer} title={item.title} /> : null}
          <ContinueButton item={item} viewer={viewer} />
          {isLiveSessionType(item.type) ? null : <DownloadButton courseId={item.courseId} title={item.title} />}
        </div>
        {children}
      </div>
    </Card>
  );
}
