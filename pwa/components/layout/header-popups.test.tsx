// @vitest-environment jsdom
/**
 * The header's buttons are stand-ins until the popups' code arrives. A click whose press began on a
 * stand-in is not lost when that code arrives between the press and the release: the stand-in stays
 * until the release, and the click opens what it was meant to open.
 */
import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

/** Fresh copies each test, so the popups' code is not there yet when the header first renders. */
let CoursesMenu: typeof import('./site-header').CoursesMenu;
let CartButton: typeof import('./cart-button').CartButton;

beforeEach(async () => {
  vi.resetModules();
  ({ CoursesMenu } = await import('./site-header'));
  ({ CartButton } = await import('./cart-button'));
});

function renderInShell(children: ReactNode) {
  return render(
    <FluentProvider theme={webLightTheme}>
      <MemoryRouter>{children}</MemoryRouter>
    </FluentProvider>,
  );
}

/** Lets the popups' code (already imported by the test) reach the component, and React commit. */
async function letCodeArrive() {
  await import('./header-popups');
  await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
}

/** A mouse press on an element: pointer down, then the focus it gives. */
function pressOn(element: HTMLElement) {
  fireEvent.pointerDown(element, { button: 0 });
  fireEvent.mouseDown(element, { button: 0 });
  act(() => element.focus());
}

/** The release and the click that follows it, in one task as in a browser. */
function releaseOn(element: HTMLElement) {
  act(() => {
    fireEvent.pointerUp(element, { button: 0 });
    fireEvent.mouseUp(element, { button: 0 });
    fireEvent.click(element, { button: 0 });
  });
}

afterEach(cleanup);

describe('header stand-ins', () => {
  it('a click on Courses pressed before the menu code arrives and released after opens the menu', async () => {
    renderInShell(<CoursesMenu />);
    const standIn = screen.getByRole('button', { name: 'Courses' });
    pressOn(standIn);
    await letCodeArrive();
    // Still the same button under the pointer: the release lands where the press began.
    expect(standIn.isConnected).toBe(true);
    releaseOn(standIn);
    await letCodeArrive();
    expect(await screen.findByRole('menuitem', { name: 'Live Seminars' })).toBeTruthy();
    expect(screen.getAllByRole('menuitem').map((item) => item.textContent)).toEqual([
      'Live Seminars',
      'Live Webinars',
      'Recorded Courses',
      'Recorded Seminars',
      'Webinar Packs',
    ]);
  });

  it('once released, the stand-in gives way to the real button, which keeps the focus', async () => {
    renderInShell(<CoursesMenu />);
    const standIn = screen.getByRole('button', { name: 'Courses' });
    pressOn(standIn);
    // The pointer leaves the button before it comes up: no click, and no menu.
    act(() => {
      fireEvent.pointerUp(document.body, { button: 0 });
    });
    await letCodeArrive();
    const button = screen.getByRole('button', { name: 'Courses' });
    expect(button).not.toBe(standIn);
    expect(document.activeElement).toBe(button);
    expect(screen.queryByRole('menu')).toBeNull();
  });

  it('a click on the cart pressed before the tooltip code arrives and released after opens the cart', async () => {
    localStorage.clear();
    renderInShell(<CartButton />);
    const standIn = screen.getByRole('button', { name: 'Open cart' });
    expect(standIn.getAttribute('aria-expanded')).toBe('false');
    pressOn(standIn);
    await letCodeArrive();
    expect(standIn.isConnected).toBe(true);
    releaseOn(standIn);
    await letCodeArrive();
    expect(screen.getByRole('button', { name: 'Open cart' }).getAttribute('aria-expanded')).toBe('true');
  });
});
