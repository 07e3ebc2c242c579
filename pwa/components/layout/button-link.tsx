/**
 * Real links (right-click, open in new tab, middle-click all work) that navigate inside the app
 * on a plain click, wired to React Router: Fluent's Button rendered as an anchor. Apart from
 * router-links.tsx (which re-exports it beside TextLink) so that the shell's buttons (hero, account
 * corner) do not bring Fluent's Link into the first load.
 */
import { Button, type ButtonProps } from '@fluentui/react-components';
import type { MouseEvent } from 'react';
import { useHref, useLinkClickHandler, type To } from 'react-router-dom';

export type Navigation = {
  to: To;
  /** Runs before navigating, e.g. to close a drawer. */
  onNavigate?: () => void;
};

/** The anchor's `href` and the click that navigates inside the app. */
export function useRouterAnchor({ to, onNavigate }: Navigation) {
  const href = useHref(to);
  const handleClick = useLinkClickHandler<HTMLAnchorElement>(to);
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    onNavigate?.();
    handleClick(event);
  };
  return { href, onClick };
}

export type ButtonLinkProps = Omit<ButtonProps, 'as' | 'href' | 'onClick' | 'disabled' | 'disabledFocusable'> & Navigation;

/** A Fluent Button that is a link to an in-app route. */
export function ButtonLink({ to, onNavigate, ...rest }: ButtonLinkProps) {
  const anchor = useRouterAnchor({ to, onNavigate });
  const props = { ...rest, as: 'a', href: anchor.href, onClick: anchor.onClick } as ButtonProps;
  return <Button {...props} />;
}
