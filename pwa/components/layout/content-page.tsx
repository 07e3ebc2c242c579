/** The frame of the static pages: a title band and a readable content column. */
import { makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import { useEffect, type ReactNode } from 'react';
import { BRAND_TEAL, PRODUCT_NAME } from './brand';

const useStyles = makeStyles({
  band: {
    backgroundColor: tokens.colorNeutralBackground1,
    borderBottom: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
    padding: `clamp(2rem, 5vw, 3.5rem) 0`,
  },
  inner: { width: '100%', maxWidth: '80rem', margin: '0 auto', padding: `0 ${tokens.spacingHorizontalXL}` },
  eyebrow: {
    margin: 0,
    color: BRAND_TEAL,
    fontWeight: tokens.fontWeightSemibold,
    textTransform: 'uppercase',
    letterSpacing: '0.08em',
    fontSize: tokens.fontSizeBase200,
  },
  title: { margin: `${tokens.spacingVerticalS} 0 0`, fontSize: 'clamp(1.75rem, 4vw, 2.5rem)', lineHeight: 1.2, fontWeight: tokens.fontWeightBold },
  intro: {
    margin: `${tokens.spacingVerticalM} 0 0`,
    maxWidth: '48rem',
    color: tokens.colorNeutralForeground2,
    fontSize: tokens.fontSizeBase400,
    lineHeight: tokens.lineHeightBase400,
  },
  body: { paddingTop: 'clamp(2rem, 5vw, 3.5rem)', paddingBottom: 'clamp(2rem, 5vw, 3.5rem)' },
});

/** Prose styles for static text: headings, paragraphs and lists at a readable measure. */
export const useProseStyles = makeStyles({
  prose: {
    maxWidth: '48rem',
    color: tokens.colorNeutralForeground1,
    fontSize: tokens.fontSizeBase400,
    lineHeight: tokens.lineHeightBase500,
    '& h2': { margin: `${tokens.spacingVerticalXXL} 0 ${tokens.spacingVerticalS}`, fontSize: tokens.fontSizeBase600, lineHeight: tokens.lineHeightBase600 },
    '& h2:first-child': { marginTop: 0 },
    '& h3': { margin: `${tokens.spacingVerticalL} 0 ${tokens.spacingVerticalXS}`, fontSize: tokens.fontSizeBase500 },
    '& p': { margin: `0 0 ${tokens.spacingVerticalM}` },
    '& ul': { margin: `0 0 ${tokens.spacingVerticalM}`, paddingLeft: tokens.spacingHorizontalXL },
    '& li': { marginBottom: tokens.spacingVerticalXS },
  },
  card: {
    padding: tokens.spacingHorizontalXXL,
    borderRadius: tokens.borderRadiusXLarge,
    backgroundColor: tokens.colorNeutralBackground1,
    boxShadow: tokens.shadow4,
  },
});

export interface ContentPageProps {
  title: string;
  eyebrow?: string;
  intro?: ReactNode;
  children: ReactNode;
  className?: string;
}

export function ContentPage({ title, eyebrow = PRODUCT_NAME, intro, children, className }: ContentPageProps) {
  const styles = useStyles();
  useDocumentTitle(title);
  return (
    <div className={className}>
      <header className={styles.band}>
        <div className={styles.inner}>
          <p className={styles.eyebrow}>{eyebrow}</p>
          <h1 className={styles.title}>{title}</h1>
          {intro ? <p className={styles.intro}>{intro}</p> : null}
        </div>
      </header>
      <div className={mergeClasses(styles.inner, styles.body)}>{children}</div>
    </div>
  );
}

/** Sets the tab title to "{title} | LifeScience Academy" while the page is shown. */
export function useDocumentTitle(title: string) {
  useEffect(() => {
    const previous = document.title;
    document.title = `${title} | ${PRODUCT_NAME}`;
    return () => {
      document.title = previous;
    };
  }, [title]);
}
