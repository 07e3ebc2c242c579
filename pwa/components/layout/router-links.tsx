/**
 * Real links (right-click, open in new tab, middle-click all work) that navigate inside the app
 * on a plain click: Fluent's Button and Link rendered as anchors, wired to React Router. The
 * button is in button-link.tsx (the shell imports it from there; this module, and Fluent's Link
 * with it, stays out of the first load).
 */
import { Link, type LinkProps } from '@fluentui/react-components';
import { useRouterAnchor, type Navigation } from './button-link';

export { ButtonLink, type ButtonLinkProps } from './button-link';

export type TextLinkProps = Omit<LinkProps, 'as' | 'href' | 'onClick'> & Navigation;

/** A Fluent Link to an in-app route. */
export function TextLink({ to, onNavigate, ...rest }: TextLinkProps) {
  const anchor = useRouterAnchor({ to, onNavigate });
  const props = { ...rest, as: 'a', href: anchor.href, onClick: anchor.onClick } as LinkProps;
  return <Link {...props} />;
}
