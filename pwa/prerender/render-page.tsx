/**
 * A page as the app first renders it for a visitor who is not signed in (on `/`: header, hero,
 * category tiles, footer; the sections below the fold are still loading), rendered to HTML at
 * build time with Fluent's server rendering (scripts/vite-route-shells.ts writes it into the
 * page's shell, for the shells that ask for it). The browser paints it while the app's code
 * downloads and runs; the app then renders over it (createRoot replaces it in one commit). Built
 * only by the build, never bundled.
 */
import { createDOMRenderer, renderToStyleElements, RendererProvider, SSRProvider } from '@fluentui/react-components';
import { renderToStaticMarkup, renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router-dom';
import { AppProviders } from '../app/providers';
import { AppRoutes } from '../app/router';
import { createQueryClient } from '../lib/query-client';

export interface PrerenderedPage {
  /** The markup for `<div id="root">`. */
  html: string;
  /** The `<style>` elements its classes need, for `<head>`. */
  styles: string;
}

export function renderPage(path: string): PrerenderedPage {
  const renderer = createDOMRenderer();
  const html = renderToString(
    <RendererProvider renderer={renderer}>
      <SSRProvider>
        <AppProviders queryClient={createQueryClient()}>
          <MemoryRouter initialEntries={[path]}>
            <AppRoutes />
          </MemoryRouter>
        </AppProviders>
      </SSRProvider>
    </RendererProvider>,
  );
  return { html, styles: renderToStaticMarkup(<>{renderToStyleElements(renderer)}</>) };
}
