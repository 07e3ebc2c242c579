/**
 * The storefront shell: a "Skip to content" link first, the header, the offline notice, the page
 * (inside its own Suspense and error boundaries, so the header and footer stay while a lazy part of
 * a page loads, or when the page fails: its place says so, with "Try again", until it loads or
 * another page is opened), the footer and the cart panel. What comes from features (the cart panel, the footer's notice) is handed in
 * by the app (app/router.tsx): shared components do not import features.
 */
import { makeStyles, tokens } from '@fluentui/react-components';
import { Suspense, useEffect, useRef, type MouseEvent, type ReactNode } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { ErrorBoundary } from '../error-boundary';
import { PageLoading } from '../page-loading';
import { useFocusOnNavigation } from '../use-focus-on-navigation';
import { OfflineNotice } from '../../offline/catalogue/offline-notice';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';

export const MAIN_CONTENT_ID = 'main-content';

const useStyles = makeStyles({
  shell: { display: 'flex', flexDirection: 'column', minHeight: '100vh', backgroundColor: tokens.colorNeutralBackground2 },
  skip: {
    position: 'absolute',
    left: tokens.spacingHorizontalM,
    top: '-10rem',
    zIndex: 1000,
    padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalL}`,
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorNeutralBackground1,
    color: tokens.colorNeutralForeground1,
    boxShadow: tokens.shadow16,
    fontWeight: tokens.fontWeightSemibold,
    ':focus': { top: tokens.spacingVerticalM },
  },
  // At least a screen tall: the footer starts below the fold, so content arriving later (lazy
  // page chunks, data) never pushes a visible footer down (no layout shift).
  main: { flexGrow: 1, display: 'flex', flexDirection: 'column', minHeight: '100vh', ':focus': { outline: 'none' } },
});

export interface SiteLayoutProps {
  /** Rendered after the footer: the cart panel. */
  cartPanel?: ReactNode;
  /** Shown in the footer's bottom line (the test-mode notice). */
  footerNotice?: ReactNode;
}

export function SiteLayout({ cartPanel, footerNotice }: SiteLayoutProps) {
  const styles = useStyles();
  const mainRef = useRef<HTMLElement>(null);
  const { pathname } = useLocation();

  // A new page starts at the top (search changes on the same page keep the scroll position).
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);
  useFocusOnNavigation(mainRef);

  const skipToContent = (event: MouseEvent<HTMLAnchorElement>) => {
    event.preventDefault();
    mainRef.current?.focus();
    mainRef.current?.scrollIntoView();
  };

  return (
    <div className={styles.shell}>
      <a href={`#${MAIN_CONTENT_ID}`} className={styles.skip} onClick={skipToContent}>
        Skip to content
      </a>
      <SiteHeader />
      <OfflineNotice />
      <main id={MAIN_CONTENT_ID} ref={mainRef} tabIndex={-1} className={styles.main}>
        <ErrorBoundary title="This page could not be loaded" headingLevel="h1" resetKeys={[pathname]}>
          <Suspense fallback={<PageLoading />}>
            <Outlet />
          </Suspense>
        </ErrorBoundary>
      </main>
      <SiteFooter notice={footerNotice} />
      {cartPanel}
    </div>
  );
}
