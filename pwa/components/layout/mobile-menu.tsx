/**
 * The header's menu below 768px: a hamburger button opening a drawer with the same links as the
 * desktop header and its own search box. The drawer's code loads on first open; if it cannot be
 * loaded, an alert stands in for the drawer, with "Try again" and Close (opening the menu again
 * asks for the code again too).
 */
import { Button } from '@fluentui/react-components';
import { Suspense, useId, useRef, useState } from 'react';
import { ErrorBoundary } from '../error-boundary';
import { MenuIcon } from '../shell-icons';
import { retryableLazy } from '../../lib/retryable-lazy';

const MobileMenuDrawer = retryableLazy(() => import('./mobile-menu-drawer').then((m) => ({ default: m.MobileMenuDrawer })));

export function MobileMenu({ className }: { className?: string }) {
  const [open, setOpen] = useState(false);
  const [loaded, setLoaded] = useState(false);
  const drawerId = useId();
  const button = useRef<HTMLButtonElement>(null);
  const dismiss = () => {
    setOpen(false);
    setLoaded(false);
    button.current?.focus();
  };

  return (
    <>
      <Button
        ref={button}
        className={className}
        appearance="subtle"
        size="large"
        icon={<MenuIcon size={24} />}
        aria-label="Open menu"
        aria-expanded={open}
        aria-controls={open ? drawerId : undefined}
        onClick={() => {
          setLoaded(true);
          setOpen(true);
        }}
      />
      {loaded ? (
        <ErrorBoundary title="The menu could not be opened" onDismiss={dismiss}>
          <Suspense fallback={null}>
            <MobileMenuDrawer id={drawerId} open={open} onOpenChange={setOpen} />
          </Suspense>
        </ErrorBoundary>
      ) : null}
    </>
  );
}
