/**
 * The one error boundary: around each route's page (the storefront's page slot, each back-office
 * screen) and each part that loads on its own (home sections, the cart panel, the mobile menu, the
 * payment form, the rich-text editor). A part that fails — its code could not be fetched, its query
 * threw, it broke while rendering — shows an alert with a heading and "Try again" in its place; the
 * rest of the app (header, footer, navigation, the other sections) stays usable.
 *
 * "Try again" mounts the part afresh: a `preloadable` part forgets a failed load and a
 * `retryableLazy` one gets a fresh lazy component (`askAgainForFailedParts`), so its code is
 * requested again; queries that threw to the boundary are reset (TanStack Query's
 * `QueryErrorResetBoundary`), so they are fetched again. A change of `resetKeys` (the page's address)
 * clears the failure too. The boundary adds one `display: contents` element: no box, no layout.
 */
import { Button, makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import { useQueryErrorResetBoundary } from '@tanstack/react-query';
import { Component, createRef, useEffect, useRef, type ErrorInfo, type KeyboardEvent, type ReactNode } from 'react';
import { askAgainForFailedParts } from '../lib/retryable-lazy';

export interface ErrorBoundaryProps {
  children?: ReactNode;
  /** The fallback's heading: what could not be shown ("This page could not be loaded"). */
  title?: string;
  /** The heading's level: h1 for a page (focus on navigation lands on it), h2 for a section. */
  headingLevel?: 'h1' | 'h2' | 'h3';
  /** A further sentence after the cause (the payment form: "Nothing has been charged."). */
  note?: string;
  /** A change of any of these clears a failure (the address, for a route). */
  resetKeys?: readonly unknown[];
  /** For a part that opens over the page (the cart panel, the mobile menu): the alert floats, takes the focus and has Close. */
  onDismiss?: () => void;
}

/** How long the focus waits for the part's heading after "Try again" (its code and data arriving). */
const FOCUS_WAIT_MS = 5000;

const useStyles = makeStyles({
  root: {
    boxSizing: 'border-box',
    width: 'calc(100% - 2 * clamp(1rem, 3vw, 2rem))',
    maxWidth: '40rem',
    margin: 'clamp(1.5rem, 4vw, 3rem) auto',
    display: 'flex',
    flexDirection: 'column',
    alignItems: 'center',
    textAlign: 'center',
    gap: tokens.spacingVerticalM,
    padding: `${tokens.spacingVerticalXXL} ${tokens.spacingHorizontalXL}`,
    borderRadius: tokens.borderRadiusXLarge,
    backgroundColor: tokens.colorNeutralBackground1,
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke1}`,
    borderTop: `${tokens.strokeWidthThickest} solid ${tokens.colorStatusDangerBorder2}`,
  },
  floating: {
    position: 'fixed',
    top: '5rem',
    right: tokens.spacingHorizontalL,
    zIndex: 1000,
    width: 'min(24rem, calc(100vw - 2rem))',
    margin: 0,
    boxShadow: tokens.shadow28,
  },
  title: {
    margin: 0,
    fontSize: tokens.fontSizeBase500,
    lineHeight: tokens.lineHeightBase500,
    fontWeight: tokens.fontWeightSemibold,
    color: tokens.colorNeutralForeground1,
  },
  text: { margin: 0, color: tokens.colorNeutralForeground2, fontSize: tokens.fontSizeBase300, lineHeight: tokens.lineHeightBase300 },
  actions: { display: 'flex', flexWrap: 'wrap', justifyContent: 'center', gap: tokens.spacingHorizontalM },
});

/** A fetch that did not reach the server: a chunk (each browser words it its own way) or a request. */
function isNetworkFailure(error: unknown): boolean {
  if (typeof navigator !== 'undefined' && !navigator.onLine) return true;
  return error instanceof TypeError && /dynamically imported module|module script failed|failed to fetch|networkerror|load failed/i.test(error.message);
}

interface FallbackProps extends Pick<ErrorBoundaryProps, 'note' | 'onDismiss'> {
  title: string;
  headingLevel: 'h1' | 'h2' | 'h3';
  error: unknown;
  onRetry: () => void;
}

/** What a failed part shows: an alert with a heading, the likely cause, and "Try again". */
export function ErrorFallback({ title, headingLevel: Heading, error, note, onRetry, onDismiss }: FallbackProps) {
  const styles = useStyles();
  const retry = useRef<HTMLButtonElement>(null);
  const floating = !!onDismiss;
  // Over the page, the alert answers the button just pressed: the focus goes to it.
  useEffect(() => {
    if (floating) retry.current?.focus();
  }, [floating]);
  const cause = isNetworkFailure(error) ? 'Check your connection and try again.' : 'Something went wrong on our side. Please try again in a moment.';
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape' && onDismiss) onDismiss();
  };
  return (
    // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions -- Escape closes a floating alert, as it would the drawer it stands for.
    <div role="alert" className={mergeClasses(styles.root, floating && styles.floating)} onKeyDown={onKeyDown}>
      <Heading className={styles.title}>{title}</Heading>
      <p className={styles.text}>{note ? `${cause} ${note}` : cause}</p>
      <div className={styles.actions}>
        <Button ref={retry} appearance="primary" onClick={onRetry}>
          Try again
        </Button>
        {onDismiss ? <Button onClick={onDismiss}>Close</Button> : null}
      </div>
    </div>
  );
}

interface BoundaryProps extends ErrorBoundaryProps {
  resetQueries: () => void;
}

interface BoundaryState {
  failed: boolean;
  error: unknown;
}

const changed = (a: readonly unknown[] = [], b: readonly unknown[] = []) => a.length !== b.length || a.some((value, index) => !Object.is(value, b[index]));

class Boundary extends Component<BoundaryProps, BoundaryState> {
  override state: BoundaryState = { failed: false, error: undefined };
  private readonly container = createRef<HTMLDivElement>();
  private focusAfterRetry = false;
  private frame = 0;

  static getDerivedStateFromError(error: unknown): Partial<BoundaryState> {
    return { failed: true, error };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    // A lazy part that failed loads afresh at its next render (not during React's own retry).
    askAgainForFailedParts();
    console.error(`${this.props.title ?? 'A part of the page'} failed`, error, info.componentStack);
  }

  override componentDidUpdate(previous: BoundaryProps) {
    if (this.state.failed && changed(previous.resetKeys, this.props.resetKeys)) this.clear();
    if (this.focusAfterRetry && !this.state.failed) {
      this.focusAfterRetry = false;
      this.focusPart(performance.now());
    }
  }

  override componentWillUnmount() {
    cancelAnimationFrame(this.frame);
  }

  private clear() {
    askAgainForFailedParts();
    this.props.resetQueries();
    this.setState({ failed: false, error: undefined });
  }

  private readonly retry = () => {
    // The focus was on "Try again", which goes away: it moves to the part's heading once it shows.
    this.focusAfterRetry = !!this.container.current?.contains(document.activeElement);
    this.clear();
  };

  /** Moves the focus to the part's first heading (or first control), unless the visitor has moved it elsewhere meanwhile. */
  private focusPart(started: number) {
    const container = this.container.current;
    const active = document.activeElement;
    if (!container || (active && active !== document.body && !container.contains(active))) return;
    const target = container.querySelector<HTMLElement>('h1, h2, h3, button, a[href], input, select, textarea');
    if (target) {
      if (/^H\d$/.test(target.tagName) && !target.hasAttribute('tabindex')) target.setAttribute('tabindex', '-1');
      target.focus({ preventScroll: true });
      return;
    }
    if (performance.now() - started < FOCUS_WAIT_MS) this.frame = requestAnimationFrame(() => this.focusPart(started));
  }

  override render() {
    const { children, title = 'This section could not be loaded', headingLevel = 'h2', note, onDismiss } = this.props;
    return (
      <div ref={this.container} style={{ display: 'contents' }}>
        {this.state.failed ? (
          <ErrorFallback title={title} headingLevel={headingLevel} error={this.state.error} note={note} onRetry={this.retry} onDismiss={onDismiss} />
        ) : (
          children
        )}
      </div>
    );
  }
}

export function ErrorBoundary(props: ErrorBoundaryProps) {
  const { reset } = useQueryErrorResetBoundary();
  return <Boundary {...props} resetQueries={reset} />;
}
