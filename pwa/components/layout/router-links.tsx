/**
 * Real links (right-click, open in new tab, middle-click all work) that navigate inside the app
 * on a plain click: Fluent's Button and Link rendered as anchors, wired to React Router.
 */
import { Button, Link, type ButtonProps, type LinkProps } from '@fluentui/react-components';
import type { MouseEvent } from 'react';
import { useHref, useLinkClickHandler, type To } from 'react-router-dom';

type Navigation = {
  to: To;
  /** Runs before navigating, e.g. to close a drawer. */
  onNavigate?: () => void;
};

function useRouterAnchor({ to, onNavigate }: Navigation) {
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

export type TextLinkProps = Omit<LinkProps, 'as' | 'href' | 'onClick'> & Navigation;

/** A Fluent Link to an in-app route. */
export function TextLink({ to, onNavigate, ...rest }: TextLinkProps) {
  const anchor = useRouterAnchor({ to, onNavigate });
  const props = { ...rest, as: 'a', href: anchor.href, onClick: anchor.onClick } as LinkProps;
  return <Link {...props} />;
}
