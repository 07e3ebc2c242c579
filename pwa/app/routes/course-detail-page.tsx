/**
 * /courses/:id (storefront spec §2 Course detail): hero, badges, descriptions, "Course Details",
 * "What You'll Learn", pricing tiers or a purchase card, "Meet Your Instructor" and
 * "Course Features". A missing course or a malformed id shows "Course Not Found".
 */
import { Badge, Button, Card, Skeleton, SkeletonItem, makeStyles, mergeClasses, tokens, type BadgeProps } from '@fluentui/react-components';
import { useEffect, type ReactNode } from 'react';
import { useParams } from 'react-router-dom';
import type { Course } from '../../../api/contracts/catalogue';
import { ApiError } from '../../lib/api-client';
import { formatCardPrice, formatCourseDate, formatCourseTime, formatDuration } from '../../lib/format';
import { OfflineMissError } from '../../features/catalogue/api/catalogue-source';
import { useCourse, usePricingTiers } from '../../features/catalogue/api/queries';
import {
  ArrowLeftIcon,
  CalendarIcon,
  CartIcon,
  CheckIcon,
  ClockIcon,
  GlobeIcon,
  LocationIcon,
  OfflineIcon,
  PeopleIcon,
} from '../../components/icons';
import { COURSE_FALLBACK_IMAGE, INSTRUCTOR_FALLBACK_IMAGE, courseTypeBadgeLabel, isLiveType, isRecordedType } from '../../features/catalogue/components/course-labels';
import { toCartItem } from '../../features/catalogue/components/course-tiers';
import { EmptyState } from '../../features/catalogue/components/empty-state';
import { FallbackImage } from '../../features/catalogue/components/fallback-image';
import { PricingTierCard } from '../../features/catalogue/components/pricing-tier-card';
import { useAddToCart } from '../../features/catalogue/components/use-add-to-cart';
import { ButtonLink, TextLink } from '../../features/layout/router-links';
import { RichText } from '../../components/rich-text';

const useStyles = makeStyles({
  page: { width: '100%', maxWidth: '1280px', marginLeft: 'auto', marginRight: 'auto', padding: `${tokens.spacingVerticalXL} ${tokens.spacingHorizontalXL} ${tokens.spacingVerticalXXXL}`, boxSizing: 'border-box' },
  breadcrumb: { display: 'inline-flex', alignItems: 'center', gap: tokens.spacingHorizontalXS, marginBottom: tokens.spacingVerticalL, fontWeight: tokens.fontWeightSemibold },
  layout: {
    display: 'grid',
    gridTemplateColumns: 'minmax(0, 1fr)',
    gap: tokens.spacingHorizontalXXL,
    '@media (min-width: 1024px)': { gridTemplateColumns: 'minmax(0, 2fr) minmax(320px, 1fr)' },
  },
  main: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXL, minWidth: 0 },
  side: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalL,
    minWidth: 0,
  },
  hero: { width: '100%', aspectRatio: '16 / 9', objectFit: 'cover', display: 'block', borderRadius: tokens.borderRadiusXLarge, backgroundColor: tokens.colorNeutralBackground3, boxShadow: tokens.shadow8 },
  badges: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalS },
  title: {
    margin: 0,
    fontSize: tokens.fontSizeHero700,
    lineHeight: tokens.lineHeightHero700,
    fontWeight: tokens.fontWeightBold,
    color: tokens.colorNeutralForeground1,
    overflowWrap: 'anywhere',
    '@media (min-width: 640px)': { fontSize: tokens.fontSizeHero800, lineHeight: tokens.lineHeightHero800 },
  },
  short: { margin: 0, fontSize: tokens.fontSizeBase400, lineHeight: tokens.lineHeightBase400, color: tokens.colorNeutralForeground2, '@media (min-width: 640px)': { fontSize: tokens.fontSizeBase500, lineHeight: tokens.lineHeightBase500 } },
  richText: { fontSize: tokens.fontSizeBase300, lineHeight: tokens.lineHeightBase400, color: tokens.colorNeutralForeground1, '& a': { color: tokens.colorBrandForeground1 } },
  section: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM, padding: tokens.spacingHorizontalXL, borderRadius: tokens.borderRadiusXLarge, boxShadow: tokens.shadow4 },
  sectionTitle: { margin: 0, fontSize: tokens.fontSizeBase500, lineHeight: tokens.lineHeightBase500, fontWeight: tokens.fontWeightSemibold, color: tokens.colorNeutralForeground1 },
  details: { display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(220px, 1fr))', gap: tokens.spacingVerticalL, margin: 0 },
  // dt and dd sit directly in the wrapper div (valid <dl> structure); the icon sits in the dt and
  // spans both rows of the grid.
  detail: { display: 'grid', gridTemplateColumns: '40px minmax(0, 1fr)', columnGap: tokens.spacingHorizontalM, alignItems: 'start' },
  detailTerm: { display: 'contents' },
  detailIcon: {
    gridRow: 'span 2',
    flexShrink: 0,
    display: 'inline-flex',
    alignItems: 'center',
    justifyContent: 'center',
    width: '40px',
    height: '40px',
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorBrandBackground2,
    color: tokens.colorBrandForeground1,
  },
  detailLabel: { margin: 0, fontSize: tokens.fontSizeBase200, color: tokens.colorNeutralForeground3, fontWeight: tokens.fontWeightSemibold },
  detailValue: { margin: 0, marginInlineStart: 0, fontSize: tokens.fontSizeBase300, color: tokens.colorNeutralForeground1, fontWeight: tokens.fontWeightSemibold },
  detailSub: { display: 'block', fontWeight: tokens.fontWeightRegular, color: tokens.colorNeutralForeground2 },
  checklist: { display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(260px, 1fr))', gap: tokens.spacingVerticalS, margin: 0, padding: 0, listStyleType: 'none' },
  singleColumn: { gridTemplateColumns: '1fr' },
  checkItem: { display: 'flex', gap: tokens.spacingHorizontalS, alignItems: 'flex-start', fontSize: tokens.fontSizeBase300, lineHeight: tokens.lineHeightBase300, color: tokens.colorNeutralForeground1 },
  check: { flexShrink: 0, marginTop: '2px', color: tokens.colorPaletteGreenForeground1 },
  instructor: { display: 'flex', gap: tokens.spacingHorizontalL, alignItems: 'flex-start', flexWrap: 'wrap' },
  avatar: { width: '96px', height: '96px', borderRadius: tokens.borderRadiusCircular, objectFit: 'cover', backgroundColor: tokens.colorNeutralBackground3, flexShrink: 0 },
  instructorText: { flex: '1 1 240px', minWidth: 0 },
  instructorName: { margin: 0, fontSize: tokens.fontSizeBase400, fontWeight: tokens.fontWeightSemibold, color: tokens.colorNeutralForeground1 },
  instructorTitle: { margin: `${tokens.spacingVerticalXXS} 0 ${tokens.spacingVerticalS}`, color: tokens.colorBrandForeground1, fontWeight: tokens.fontWeightSemibold },
  tiersHeading: { margin: 0, fontSize: tokens.fontSizeBase500, fontWeight: tokens.fontWeightSemibold, color: tokens.colorNeutralForeground1 },
  purchasePrice: { margin: 0, fontSize: tokens.fontSizeHero800, lineHeight: tokens.lineHeightHero800, fontWeight: tokens.fontWeightBold, color: tokens.colorNeutralForeground1 },
  muted: { margin: 0, color: tokens.colorNeutralForeground2, fontSize: tokens.fontSizeBase300 },
  skeletonHero: { width: '100%', height: 'auto', aspectRatio: '16 / 9', borderRadius: tokens.borderRadiusXLarge },
  skeletonStack: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  skeletonShort: { width: '40%' },
  skeletonBox: { width: '100%', height: '320px', borderRadius: tokens.borderRadiusXLarge },
});

const TYPE_BADGE_COLORS: Record<string, BadgeProps['color']> = {
  live_seminar: 'brand',
  live_webinar: 'informative',
  webinar: 'success',
};

const RECORDED_FEATURES = ['Lifetime access', 'Instant access', 'Certificate of completion', 'Watch at your own pace on any device', 'Downloadable slides and course materials'];
const LIVE_FEATURES = ['Live Q&A with the instructor', 'Certificate of attendance', 'Course materials and slides included', 'Practical case studies and templates', 'Small-group interaction'];

/** Recordings and packs (bundles of recordings) are bought on demand; everything else is attended. */
function isOnDemand(course: Course): boolean {
  return isRecordedType(course.type) || (course.category ?? '').toLowerCase() === 'pack';
}

function isNotFound(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 404 || error.status === 400);
}

function DetailItem({ icon, label, children }: { icon: ReactNode; label: string; children: ReactNode }) {
  const styles = useStyles();
  return (
    <div className={styles.detail}>
      <dt className={styles.detailTerm}>
        <span className={styles.detailIcon} aria-hidden="true">
          {icon}
        </span>
        <span className={styles.detailLabel}>{label}</span>
      </dt>
      <dd className={styles.detailValue}>{children}</dd>
    </div>
  );
}

function DateTime({ iso, timezone }: { iso: string | null; timezone: string | null }) {
  const styles = useStyles();
  if (!iso) return <>To be announced</>;
  const time = formatCourseTime(iso, timezone);
  return (
    <>
      <span>{formatCourseDate(iso, timezone)}</span>
      <span className={styles.detailSub}>
        {time}
        {timezone ? ` (${timezone})` : ''}
      </span>
    </>
  );
}

function CourseDetails({ course }: { course: Course }) {
  const styles = useStyles();
  const live = isLiveType(course.type);
  const duration = formatDuration(course.duration);
  const showLocation = Boolean(course.location) && course.type.includes('seminar');
  return (
    <Card className={styles.section} role="region" aria-labelledby="course-details-title">
      <h2 className={styles.sectionTitle} id="course-details-title">
        Course Details
      </h2>
      <dl className={styles.details}>
        {live ? (
          <>
            <DetailItem icon={<CalendarIcon />} label="Start Date">
              <DateTime iso={course.startDate} timezone={course.timezone} />
            </DetailItem>
            <DetailItem icon={<CalendarIcon />} label="End Date">
              <DateTime iso={course.endDate} timezone={course.timezone} />
            </DetailItem>
            <DetailItem icon={<PeopleIcon />} label="Participants">
              {course.maxParticipants ? `${course.currentParticipants} / ${course.maxParticipants}` : String(course.currentParticipants)}
            </DetailItem>
          </>
        ) : null}
        <DetailItem icon={<ClockIcon />} label="Duration">
          {duration || 'Self-paced'}
        </DetailItem>
        {live && course.timezone ? (
          <DetailItem icon={<GlobeIcon />} label="Time Zone">
            {course.timezone}
          </DetailItem>
        ) : null}
        {showLocation ? (
          <DetailItem icon={<LocationIcon />} label="Location">
            {course.location}
          </DetailItem>
        ) : null}
      </dl>
    </Card>
  );
}

function PurchaseCard({ course }: { course: Course }) {
  const styles = useStyles();
  const addToCart = useAddToCart();
  return (
    <Card className={styles.section} role="region" aria-labelledby="purchase-title">
      <h2 className={styles.tiersHeading} id="purchase-title">
        Enroll in this course
      </h2>
      <p className={styles.purchasePrice}>${formatCardPrice(course.price)}</p>
      <p className={styles.muted}>{isOnDemand(course) ? 'One-time payment, instant access after checkout.' : 'One seat, confirmed by e-mail after checkout.'}</p>
      <Button appearance="primary" size="large" icon={<CartIcon />} onClick={() => addToCart(toCartItem(course), 1)}>
        Add to Cart
      </Button>
    </Card>
  );
}

function PurchaseOptions({ course }: { course: Course }) {
  const styles = useStyles();
  const tiers = usePricingTiers(course.id);
  if (tiers.isPending) {
    return (
      <Card className={styles.section} aria-hidden>
        <Skeleton aria-label="Loading pricing" className={styles.skeletonStack}>
          <SkeletonItem className={styles.skeletonShort} size={24} />
          <SkeletonItem size={40} />
          <SkeletonItem size={16} />
          <SkeletonItem size={36} />
        </Skeleton>
      </Card>
    );
  }
  if (!tiers.data || tiers.data.length === 0) return <PurchaseCard course={course} />;
  return (
    <section className={styles.skeletonStack} aria-labelledby="pricing-title">
      <h2 className={styles.tiersHeading} id="pricing-title">
        Choose Your Option
      </h2>
      {tiers.data.map((tier) => (
        <PricingTierCard key={tier.id} course={course} tier={tier} />
      ))}
    </section>
  );
}

function Instructor({ course }: { course: Course }) {
  const styles = useStyles();
  const name = course.instructorName ?? course.instructor?.name;
  if (!name) return null;
  const title = course.instructorTitle ?? course.instructor?.title ?? null;
  const image = course.instructorImage ?? course.instructor?.image ?? null;
  return (
    <Card className={styles.section} role="region" aria-labelledby="instructor-title">
      <h2 className={styles.sectionTitle} id="instructor-title">
        Meet Your Instructor
      </h2>
      <div className={styles.instructor}>
        <FallbackImage className={styles.avatar} src={image} fallback={INSTRUCTOR_FALLBACK_IMAGE} alt={name} />
        <div className={styles.instructorText}>
          <h3 className={styles.instructorName}>{name}</h3>
          {title ? <p className={styles.instructorTitle}>{title}</p> : null}
          {course.instructorBio ? <RichText className={`rich-text ${styles.richText}`} html={course.instructorBio} /> : null}
        </div>
      </div>
    </Card>
  );
}

function CourseFeatures({ course }: { course: Course }) {
  const styles = useStyles();
  const features = isOnDemand(course) ? RECORDED_FEATURES : LIVE_FEATURES;
  return (
    <Card className={styles.section} role="region" aria-labelledby="features-title">
      <h2 className={styles.sectionTitle} id="features-title">
        Course Features
      </h2>
      <ul className={mergeClasses(styles.checklist, styles.singleColumn)}>
        {features.map((feature) => (
          <li key={feature} className={styles.checkItem}>
            <CheckIcon size={16} className={styles.check} />
            {feature}
          </li>
        ))}
      </ul>
    </Card>
  );
}

function CourseView({ course }: { course: Course }) {
  const styles = useStyles();
  useEffect(() => {
    const previous = document.title;
    document.title = `${course.title} | LifeScience Academy`;
    return () => {
      document.title = previous;
    };
  }, [course.title]);

  return (
    <div className={styles.layout}>
      <article className={styles.main} aria-labelledby="course-title">
        <FallbackImage className={styles.hero} src={course.image} fallback={COURSE_FALLBACK_IMAGE} alt={course.title} />
        <div className={styles.badges}>
          <Badge appearance="filled" color={TYPE_BADGE_COLORS[course.type] ?? 'important'} shape="rounded" size="large">
            {courseTypeBadgeLabel(course.type)}
          </Badge>
          <Badge appearance="outline" color="brand" shape="rounded" size="large">
            {course.code}
          </Badge>
          {course.category ? (
            <Badge appearance="tint" color="informative" shape="rounded" size="large">
              {course.category.toLowerCase() === 'pack' ? 'Webinar Pack' : course.category}
            </Badge>
          ) : null}
        </div>
        <h1 className={styles.title} id="course-title">
          {course.title}
        </h1>
        {course.shortDescription ? <p className={styles.short}>{course.shortDescription}</p> : null}
        {course.description ? (
          <RichText className={`rich-text ${styles.richText}`} data-testid="course-description" html={course.description} />
        ) : null}
        <CourseDetails course={course} />
        {course.tags.length > 0 ? (
          <Card className={styles.section} role="region" aria-labelledby="learn-title">
            <h2 className={styles.sectionTitle} id="learn-title">
              What You'll Learn
            </h2>
            <ul className={styles.checklist}>
              {course.tags.map((tag) => (
                <li key={tag} className={styles.checkItem}>
                  <CheckIcon size={16} className={styles.check} />
                  {tag}
                </li>
              ))}
            </ul>
          </Card>
        ) : null}
        <Instructor course={course} />
      </article>
      <aside className={styles.side} aria-label="Purchase options">
        <PurchaseOptions course={course} />
        <CourseFeatures course={course} />
      </aside>
    </div>
  );
}

function DetailSkeleton() {
  const styles = useStyles();
  return (
    <div className={styles.layout} aria-busy="true" data-testid="course-detail-skeleton">
      <Skeleton aria-label="Loading course" className={styles.skeletonStack}>
        <SkeletonItem className={styles.skeletonHero} shape="rectangle" />
        <SkeletonItem className={styles.skeletonShort} size={24} />
        <SkeletonItem size={40} />
        <SkeletonItem size={16} />
        <SkeletonItem size={16} />
      </Skeleton>
      <Skeleton aria-label="Loading pricing">
        <SkeletonItem className={styles.skeletonBox} shape="rectangle" />
      </Skeleton>
    </div>
  );
}

export default function CourseDetailPage() {
  const styles = useStyles();
  const { id = '' } = useParams();
  const course = useCourse(id);

  let content: ReactNode;
  if (course.isPending) {
    content = <DetailSkeleton />;
  } else if (course.isError && isNotFound(course.error)) {
    content = (
      <EmptyState
        headingLevel="h1"
        title="Course Not Found"
        description="The course you're looking for doesn't exist or has been removed."
        action={
          <ButtonLink to="/courses" appearance="primary">
            Browse All Courses
          </ButtonLink>
        }
      />
    );
  } else if (course.isError) {
    const offline = course.error instanceof OfflineMissError;
    content = (
      <EmptyState
        headingLevel="h1"
        icon={offline ? <OfflineIcon size={56} /> : undefined}
        title={offline ? "You're offline" : "We couldn't load this course"}
        description={
          offline
            ? 'This course has not been saved on this device yet. Reconnect to the internet to view it; once viewed it stays available offline.'
            : 'Something went wrong on our side. Please try again in a moment.'
        }
        action={
          <Button appearance="primary" onClick={() => void course.refetch()}>
            Try Again
          </Button>
        }
      />
    );
  } else {
    content = <CourseView course={course.data} />;
  }

  return (
    <div className={styles.page}>
      <nav aria-label="Breadcrumb">
        <TextLink to="/courses" className={styles.breadcrumb}>
          <ArrowLeftIcon size={16} />
          Back to Courses
        </TextLink>
      </nav>
      {content}
    </div>
  );
}
