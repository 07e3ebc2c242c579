/**
 * Course card (storefront spec §2): image with fallback, type badge, title clamped to two lines,
 * code, dates in the course's own time zone, duration, category, instructor, price (the lowest
 * tier's once the tiers are known), a quick add-to-cart and a local, unsaved "liked" toggle.
 * The saved tiers come from the grid, read once for all its cards (`useSavedTiers`).
 */
import { Badge, Button, Card, Text, ToggleButton, makeStyles, mergeClasses, tokens, type BadgeProps } from '@fluentui/react-components';
import { memo, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import type { Course, PricingTier } from '@contracts/catalogue';
import { formatCardPrice, formatCourseDate, formatDuration } from '@pwa/lib/format';
import { withCatalogueDb } from '@pwa/offline/catalogue/open-catalogue-db';
import { readSavedTiers } from '@pwa/offline/catalogue/saved-catalogue';
import { cardPrice } from '../api/use-lowest-tier-price';
import { COURSE_FALLBACK_IMAGE, courseTypeBadgeLabel } from './course-labels';
import { pickDefaultTier, toCartItem } from './course-tiers';
import { CalendarIcon, CartIcon, ClockIcon, FolderIcon, HeartIcon, PersonIcon } from '@pwa/components/icons';
import { FallbackImage } from './fallback-image';
import { useAddToCart } from './use-add-to-cart';

const useStyles = makeStyles({
  card: {
    display: 'flex',
    flexDirection: 'column',
    height: '100%',
    padding: 0,
    gap: 0,
    overflow: 'hidden',
    borderRadius: tokens.borderRadiusXLarge,
    boxShadow: tokens.shadow4,
    transitionProperty: 'box-shadow, transform',
    transitionDuration: tokens.durationNormal,
    transitionTimingFunction: tokens.curveEasyEase,
    ':hover': { boxShadow: tokens.shadow16, transform: 'translateY(-2px)' },
    ':focus-within': { boxShadow: tokens.shadow16 },
  },
  media: {
    position: 'relative',
    aspectRatio: '16 / 9',
    backgroundColor: tokens.colorNeutralBackground3,
  },
  image: { width: '100%', height: '100%', objectFit: 'cover', display: 'block' },
  badge: { position: 'absolute', top: tokens.spacingVerticalM, left: tokens.spacingHorizontalM, boxShadow: tokens.shadow4 },
  like: {
    position: 'absolute',
    top: tokens.spacingVerticalS,
    right: tokens.spacingHorizontalS,
    backgroundColor: tokens.colorNeutralBackground1,
    borderRadius: tokens.borderRadiusCircular,
    boxShadow: tokens.shadow4,
  },
  liked: { color: tokens.colorPaletteRedForeground1, ':hover': { color: tokens.colorPaletteRedForeground1 } },
  body: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalS,
    padding: `${tokens.spacingVerticalL} ${tokens.spacingHorizontalL} 0`,
    flexGrow: 1,
  },
  code: {
    color: tokens.colorBrandForeground2,
    fontSize: tokens.fontSizeBase200,
    fontWeight: tokens.fontWeightSemibold,
    letterSpacing: '0.04em',
    textTransform: 'uppercase',
  },
  heading: { margin: 0, fontSize: tokens.fontSizeBase400, lineHeight: tokens.lineHeightBase400, fontWeight: tokens.fontWeightSemibold },
  title: {
    color: tokens.colorNeutralForeground1,
    textDecorationLine: 'none',
    display: '-webkit-box',
    WebkitLineClamp: 2,
    WebkitBoxOrient: 'vertical',
    overflow: 'hidden',
    minHeight: `calc(2 * ${tokens.lineHeightBase400})`,
    borderRadius: tokens.borderRadiusSmall,
    ':hover': { color: tokens.colorBrandForeground1, textDecorationLine: 'underline' },
  },
  meta: { display: 'grid', gap: tokens.spacingVerticalXS, margin: 0, padding: 0, listStyleType: 'none' },
  metaItem: {
    display: 'flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalS,
    color: tokens.colorNeutralForeground2,
    fontSize: tokens.fontSizeBase200,
    lineHeight: tokens.lineHeightBase200,
    minWidth: 0,
  },
  metaIcon: { flexShrink: 0, color: tokens.colorNeutralForeground3 },
  metaText: { overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' },
  footer: {
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'space-between',
    gap: tokens.spacingHorizontalM,
    padding: tokens.spacingHorizontalL,
    marginTop: tokens.spacingVerticalM,
    borderTop: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
  },
  price: { fontSize: tokens.fontSizeBase500, fontWeight: tokens.fontWeightBold, color: tokens.colorNeutralForeground1 },
  priceLabel: { display: 'block', fontSize: tokens.fontSizeBase200, color: tokens.colorNeutralForeground3 },
});

const BADGE_COLORS: Record<string, BadgeProps['color']> = {
  live_seminar: 'brand',
  live_webinar: 'informative',
  webinar: 'success',
  recorded_webinar: 'important',
  recorded_seminar: 'important',
  recorded_course: 'important',
};

export interface CourseCardProps {
  course: Course;
  /** The course's saved tiers in display order; undefined while they are being read. */
  tiers?: readonly PricingTier[];
}

function CourseCardView({ course, tiers }: CourseCardProps) {
  const styles = useStyles();
  const [liked, setLiked] = useState(false);
  const price = cardPrice(course, tiers);
  const addToCart = useAddToCart();

  const start = formatCourseDate(course.startDate, course.timezone);
  const end = formatCourseDate(course.endDate, course.timezone);
  const dates = start && end && end !== start ? `${start} – ${end}` : start || end;
  const duration = formatDuration(course.duration);
  const instructor = course.instructorName ?? course.instructor?.name ?? null;
  const badgeLabel = courseTypeBadgeLabel(course.type);

  const onAdd = async () => {
    // The tiers saved right now (the sync may have stored them since this card last read them).
    const saved = await withCatalogueDb((db) => readSavedTiers(db, [course.id]))
      .then((byCourse) => byCourse.get(course.id))
      .catch(() => undefined);
    const latest = saved ?? tiers;
    const tier = latest ? pickDefaultTier(latest) : undefined;
    addToCart(toCartItem(course, tier), 1);
  };

  return (
    <Card className={styles.card} aria-label={course.title} role="article">
      <div className={styles.media}>
        <FallbackImage
          className={styles.image}
          src={course.image}
          fallback={COURSE_FALLBACK_IMAGE}
          alt={course.title}
          loading="lazy"
          sizes="(min-width: 700px) 400px, 100vw"
        />
        <Badge className={styles.badge} appearance="filled" color={BADGE_COLORS[course.type] ?? 'brand'} shape="rounded" size="large">
          {badgeLabel}
        </Badge>
        <ToggleButton
          className={mergeClasses(styles.like, liked && styles.liked)}
          appearance="subtle"
          shape="circular"
          checked={liked}
          onClick={() => setLiked((value) => !value)}
          icon={<HeartIcon filled={liked} />}
          aria-label={`Like ${course.title}`}
        />
      </div>
      <div className={styles.body}>
        <Text className={styles.code}>{course.code}</Text>
        <h3 className={styles.heading}>
          <RouterLink className={styles.title} to={`/courses/${course.id}`} title={course.title}>
            {course.title}
          </RouterLink>
        </h3>
        <ul className={styles.meta}>
          {dates ? (
            <li className={styles.metaItem}>
              <CalendarIcon size={16} className={styles.metaIcon} />
              <span className={styles.metaText} data-testid="course-dates">
                {dates}
              </span>
            </li>
          ) : null}
          {duration ? (
            <li className={styles.metaItem}>
              <ClockIcon size={16} className={styles.metaIcon} />
              <span className={styles.metaText} data-testid="course-duration">
                {duration}
              </span>
            </li>
          ) : null}
          {course.category ? (
            <li className={styles.metaItem}>
              <FolderIcon size={16} className={styles.metaIcon} />
              <span className={styles.metaText} data-testid="course-category">
                {course.category}
              </span>
            </li>
          ) : null}
          {instructor ? (
            <li className={styles.metaItem}>
              <PersonIcon size={16} className={styles.metaIcon} />
              <span className={styles.metaText} data-testid="course-instructor">
                {instructor}
              </span>
            </li>
          ) : null}
        </ul>
      </div>
      <div className={styles.footer}>
        <div>
          <span className={styles.priceLabel}>{tiers && tiers.length > 1 ? 'From' : 'Price'}</span>
          <span className={styles.price} data-testid="course-price">
            ${formatCardPrice(price)}
          </span>
        </div>
        <Button appearance="primary" icon={<CartIcon />} onClick={() => void onAdd()} aria-label={`Add to Cart: ${course.title}`}>
          Add to Cart
        </Button>
      </div>
    </Card>
  );
}

/**
 * Rendered again only when its course or its tiers change (useSavedTiers keeps an unchanged
 * course's tiers the same list): a grid's update — "Show more", the tiers of the cards just added
 * — then renders the cards it changes, not every card shown so far.
 */
export const CourseCard = memo(CourseCardView);
