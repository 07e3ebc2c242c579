/** Any unknown path (storefront spec §2): "404 Page Not Found" with a way home. */
import { makeStyles, tokens } from '@fluentui/react-components';
import { BRAND_TEAL } from '../../components/layout/brand';
import { useDocumentTitle } from '../../components/layout/content-page';
import { ButtonLink } from '../../components/layout/router-links';

const useStyles = makeStyles({
  root: {
    flexGrow: 1,
    display: 'flex',
    flexDirection: 'column',
    alignItems: 'center',
    justifyContent: 'center',
    textAlign: 'center',
    gap: tokens.spacingVerticalL,
    padding: `clamp(3rem, 10vw, 7rem) ${tokens.spacingHorizontalXL}`,
  },
  code: { margin: 0, fontSize: 'clamp(4rem, 14vw, 7rem)', lineHeight: 1, fontWeight: tokens.fontWeightBold, color: BRAND_TEAL },
  title: { margin: 0, fontSize: tokens.fontSizeHero700, lineHeight: tokens.lineHeightHero700, fontWeight: tokens.fontWeightSemibold },
  text: { margin: 0, maxWidth: '32rem', color: tokens.colorNeutralForeground2, fontSize: tokens.fontSizeBase400 },
  actions: { display: 'flex', flexWrap: 'wrap', justifyContent: 'center', gap: tokens.spacingHorizontalM },
});

export default function NotFoundPage() {
  const styles = useStyles();
  useDocumentTitle('Page Not Found');
  return (
    <div className={styles.root}>
      <p className={styles.code} aria-hidden="true">
        404
      </p>
      <h1 className={styles.title}>404 Page Not Found</h1>
      <p className={styles.text}>The page you are looking for doesn’t exist or has been moved.</p>
      <div className={styles.actions}>
        <ButtonLink to="/" appearance="primary" size="large">
          Back to Home
        </ButtonLink>
        <ButtonLink to="/courses" size="large">
          Browse Courses
        </ButtonLink>
      </div>
    </div>
  );
}
