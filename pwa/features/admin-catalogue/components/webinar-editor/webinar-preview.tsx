/**
 * What a visitor will see (back-office spec §2, Create Live Webinar): the image, title, date, time,
 * duration and time zone, About (the rich text, sanitized as the storefront does), the instructor,
 * and a Webinar Options panel with its Add to Cart button (inactive here: this is a preview).
 */
import { Badge, Button, Card, Text, makeStyles, tokens } from '@fluentui/react-components';
import { RichText } from '@pwa/components/rich-text';
import { COURSE_FALLBACK_IMAGE } from '@pwa/catalogue/components/course-labels';
import { formatCourseDate, formatCourseTime, formatDuration } from '@pwa/lib/format';

export interface WebinarPreviewData {
  title: string;
  shortDescription: string;
  image: string;
  description: string;
  instructorName: string;
  instructorTitle: string;
  instructorBio: string;
  startDate: string | null;
  duration: number | null;
  timezone: string;
}

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL },
  image: { width: '100%', aspectRatio: '16 / 9', objectFit: 'cover', borderRadius: tokens.borderRadiusLarge, backgroundColor: tokens.colorNeutralBackground3 },
  title: { margin: 0, fontSize: tokens.fontSizeBase600 },
  facts: { display: 'grid', gridTemplateColumns: 'auto 1fr', gap: `${tokens.spacingVerticalXS} ${tokens.spacingHorizontalM}`, margin: 0 },
  term: { color: tokens.colorNeutralForeground2 },
  detail: { margin: 0 },
  section: { margin: 0, fontSize: tokens.fontSizeBase400 },
  card: { padding: tokens.spacingHorizontalL, display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  about: { '& h2': { fontSize: tokens.fontSizeBase500 }, '& h3': { fontSize: tokens.fontSizeBase400 } },
});

export function WebinarPreview({ data, headingLevel = 'h2' }: { data: WebinarPreviewData; headingLevel?: 'h2' | 'h3' }) {
  const styles = useStyles();
  const Heading = headingLevel;
  const Sub = headingLevel === 'h2' ? 'h3' : 'h4';
  return (
    <article className={styles.root} aria-label="Preview">
      <img className={styles.image} src={data.image || COURSE_FALLBACK_IMAGE} alt="" />
      <Badge appearance="tint">Live Webinar</Badge>
      <Heading className={styles.title}>{data.title || 'Untitled webinar'}</Heading>
      {data.shortDescription ? <Text>{data.shortDescription}</Text> : null}
      <dl className={styles.facts}>
        <dt className={styles.term}>Date</dt>
        <dd className={styles.detail}>{data.startDate ? formatCourseDate(data.startDate, data.timezone) : 'Not scheduled'}</dd>
        <dt className={styles.term}>Time</dt>
        <dd className={styles.detail}>{data.startDate ? formatCourseTime(data.startDate, data.timezone) : '—'}</dd>
        <dt className={styles.term}>Duration</dt>
        <dd className={styles.detail}>{data.duration ? formatDuration(data.duration) : '—'}</dd>
        <dt className={styles.term}>Timezone</dt>
        <dd className={styles.detail}>{data.timezone}</dd>
      </dl>
      <Sub className={styles.section}>About</Sub>
      {data.description ? <RichText className={styles.about} html={data.description} data-testid="preview-about" /> : <Text>No description yet.</Text>}
      <Sub className={styles.section}>Instructor</Sub>
      <Text weight="semibold">{data.instructorName || 'Instructor name'}</Text>
      {data.instructorTitle ? <Text>{data.instructorTitle}</Text> : null}
      {data.instructorBio ? <Text>{data.instructorBio}</Text> : null}
      <Card className={styles.card}>
        <Sub className={styles.section}>Webinar Options</Sub>
        <Text>Pricing tiers appear here once the webinar is saved.</Text>
        <Button appearance="primary" disabledFocusable aria-describedby={undefined}>
          Add to Cart
        </Button>
      </Card>
    </article>
  );
}
