/**
 * The header's menu below 768px: a hamburger button opening a drawer with the same links as the
 * desktop header and its own search box. The drawer's code loads on first open.
 */
import { Button } from '@fluentui/react-components';
import { lazy, Suspense, useId, useState } from 'react';
import { MenuIcon } from '../icons';

const MobileMenuDrawer = lazy(() => import('./mobile-menu-drawer').then((m) => ({ default: m.MobileMenuDrawer })));

export function MobileMenu({ className }: { className?: string }) {
  const [open, setOpen] = useState(false);
  const [loaded, setLoaded] = useState(false);
  const drawerId = useId();

  return (
    <>
      <Button
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
        <Suspense fallback={null}>
          <MobileMenuDrawer id={drawerId} open={open} onOpenChange={setOpen} />
        </Suspense>
      ) : null}
    </>
  );
}
