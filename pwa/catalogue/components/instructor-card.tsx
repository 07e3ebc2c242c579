/** Instructor card (storefront spec §2): name, title, bio (HTML, sanitized on the server and again in the browser), image and expertise. */
import { Card, Skeleton, SkeletonItem, Tag, makeStyles, tokens } from '@fluentui/react-components';
import type { Instructor } from '@contracts/catalogue';
import { INSTRUCTOR_FALLBACK_IMAGE } from './course-labels';
import { FallbackImage } from './fallback-image';
import { LazyRichText } from '@pwa/components/lazy-rich-text';

const useStyles = makeStyles({
  card: {
    display: 'flex',
    flexDirection: 'column',
    alignItems: 'center',
    textAlign: 'center',
    gap: tokens.spacingVerticalM,
    padding: tokens.spacingHorizontalXL,
    height: '100%',
    borderRadius: tokens.borderRadiusXLarge,
    boxShadow: tokens.shadow4,
    transitionProperty: 'box-shadow',
    transitionDuration: tokens.durationNormal,
    ':hover': { boxShadow: tokens.shadow16 },
  },
  avatar: {
    width: '112px',
    height: '112px',
    borderRadius: tokens.borderRadiusCircular,
    objectFit: 'cover',
    backgroundColor: tokens.colorNeutralBackground3,
    border: `${tokens.strokeWidthThick} solid ${tokens.colorBrandStroke2}`,
  },
  name: {
    margin: 0,
    fontSize: tokens.fontSizeBase500,
    lineHeight: tokens.lineHeightBase500,
    fontWeight: tokens.fontWeightSemibold,
    color: tokens.colorNeutralForeground1,
  },
  title: { margin: 0, color: tokens.colorBrandForeground1, fontSize: tokens.fontSizeBase300, fontWeight: tokens.fontWeightSemibold },
  bio: {
    color: tokens.colorNeutralForeground2,
    fontSize: tokens.fontSizeBase300,
    lineHeight: tokens.lineHeightBase300,
    display: '-webkit-box',
    WebkitLineClamp: 5,
    WebkitBoxOrient: 'vertical',
    overflow: 'hidden',
    '& p': { margin: `0 0 ${tokens.spacingVerticalS}` },
  },
  tags: {
    display: 'flex',
    flexWrap: 'wrap',
    justifyContent: 'center',
    gap: tokens.spacingHorizontalXS,
    margin: 0,
    padding: 0,
    listStyleType: 'none',
    marginTop: 'auto',
  },
  skeletonAvatar: { width: '112px', height: '112px' },
  skeletonLine: { width: '70%' },
  skeletonBody: { display: 'flex', flexDirection: 'column', alignItems: 'center', gap: tokens.spacingVerticalM, width: '100%' },
});

export function InstructorCard({ instructor }: { instructor: Instructor }) {
  const styles = useStyles();
  return (
    <Card className={styles.card} role="article" aria-label={instructor.name}>
      <FallbackImage className={styles.avatar} src={instructor.image} fallback={INSTRUCTOR_FALLBACK_IMAGE} alt="" loading="lazy" sizes="160px" />
      <div>
        <h3 className={styles.name}>{instructor.name}</h3>
        {instructor.title ? <p className={styles.title}>{instructor.title}</p> : null}
      </div>
      {instructor.bio ? <LazyRichText className={`rich-text ${styles.bio}`} html={instructor.bio} /> : null}
      {instructor.expertise.length > 0 ? (
        <ul className={styles.tags} aria-label={`${instructor.name}'s expertise`}>
          {instructor.expertise.map((area) => (
            <li key={area}>
              <Tag size="small" appearance="brand" shape="circular">
                {area}
              </Tag>
            </li>
          ))}
        </ul>
      ) : null}
    </Card>
  );
}

export function InstructorCardSkeleton() {
  const styles = useStyles();
  return (
    <Card className={styles.card} data-testid="instructor-card-skeleton" aria-hidden>
      <Skeleton aria-label="Loading instructor" className={styles.skeletonBody}>
        <SkeletonItem className={styles.skeletonAvatar} shape="circle" size={96} />
        <SkeletonItem className={styles.skeletonLine} size={20} />
        <SkeletonItem className={styles.skeletonLine} size={12} />
        <SkeletonItem size={12} />
        <SkeletonItem size={12} />
      </Skeleton>
    </Card>
  );
}
