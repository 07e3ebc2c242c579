/**
 * The header's popups (Fluent Menu and Tooltip, with their positioning and focus code), loaded
 * just after the first paint by use-header-popups.ts. Each wraps the same button the header shows
 * before it arrives (header-triggers.tsx); `defaultOpen` opens a menu asked for in the meantime,
 * `focusOnMount` keeps the keyboard focus on the button when it is swapped in.
 */
import { Menu, MenuItem, MenuItemLink, MenuList, MenuPopover, MenuTrigger, Tooltip } from '@fluentui/react-components';
import { useLayoutEffect, useRef, type MouseEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { MENU_HOVER_DELAY_MS, TOOLTIP_SHOW_DELAY_MS, TOOLTIP_SKIP_DELAY_MS } from './brand';
import { AccountTrigger, CartTrigger, CoursesTrigger } from './header-triggers';
import type { NavItem } from './nav-links';

export interface SwappedInProps {
  defaultOpen?: boolean;
  focusOnMount?: boolean;
}

/**
 * Moves the focus to the swapped-in button in the same task that removed the stand-in, so a key
 * pressed just then reaches the button: a passive effect would run a moment later, and a key
 * arriving in between (Enter right after focusing the stand-in) would land on <body> and be lost.
 */
function useFocusOnMount(focusOnMount: boolean | undefined) {
  const ref = useRef<HTMLButtonElement>(null);
  useLayoutEffect(() => {
    if (focusOnMount) ref.current?.focus();
    // Only when swapped in.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return ref;
}

export function CoursesMenu({ links, active, defaultOpen, focusOnMount }: SwappedInProps & { links: readonly NavItem[]; active: boolean }) {
  const navigate = useNavigate();
  const ref = useFocusOnMount(focusOnMount && !defaultOpen);
  const go = (event: MouseEvent<HTMLAnchorElement>, to: string) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    navigate(to);
  };
  return (
    <Menu hoverDelay={MENU_HOVER_DELAY_MS} positioning="below-start" defaultOpen={defaultOpen}>
      <MenuTrigger>
        <CoursesTrigger ref={ref} active={active} />
      </MenuTrigger>
      <MenuPopover>
        <MenuList>
          {links.map((item) => (
            <MenuItemLink key={item.to} href={item.to} onClick={(event) => go(event, item.to)}>
              {item.label}
            </MenuItemLink>
          ))}
        </MenuList>
      </MenuPopover>
    </Menu>
  );
}

export interface AccountMenuProps extends SwappedInProps {
  name: string;
  isAdmin: boolean;
  onProfile: () => void;
  onTraining: () => void;
  onTeam: () => void;
  onAdmin: () => void;
  onLogout: () => void;
}

export function AccountMenu({ name, isAdmin, onProfile, onTraining, onTeam, onAdmin, onLogout, defaultOpen, focusOnMount }: AccountMenuProps) {
  const ref = useFocusOnMount(focusOnMount && !defaultOpen);
  return (
    <Menu defaultOpen={defaultOpen}>
      <MenuTrigger disableButtonEnhancement>
        <AccountTrigger ref={ref} name={name} />
      </MenuTrigger>
      <MenuPopover>
        <MenuList>
          <MenuItem onClick={onProfile}>My Profile</MenuItem>
          <MenuItem onClick={onTraining}>My Training</MenuItem>
          <MenuItem onClick={onTeam}>My Team</MenuItem>
          {isAdmin ? <MenuItem onClick={onAdmin}>Admin Dashboard</MenuItem> : null}
          <MenuItem onClick={onLogout}>Logout</MenuItem>
        </MenuList>
      </MenuPopover>
    </Menu>
  );
}

export function CartButtonWithTooltip({
  itemCount,
  isOpen,
  onClick,
  focusOnMount,
}: SwappedInProps & { itemCount: number; isOpen: boolean; onClick: () => void }) {
  const ref = useFocusOnMount(focusOnMount);
  return (
    <Tooltip content="Your cart" relationship="description" showDelay={TOOLTIP_SHOW_DELAY_MS} hideDelay={TOOLTIP_SKIP_DELAY_MS}>
      <CartTrigger ref={ref} itemCount={itemCount} isOpen={isOpen} onClick={onClick} />
    </Tooltip>
  );
}
