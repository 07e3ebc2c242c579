import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { AppProviders } from './app/providers';
import { AppRoutes, preloadPage } from './app/router';
import { preloadHomeSections } from './app/routes/home-page';
import { prefetchHome } from './catalogue/api/home-queries';
import { createQueryClient } from './lib/query-client';
import { routeShellFor } from '@contracts/route-shells';
import { UpdatePrompt } from './offline/update-prompt';
import './styles.css';

/** How long the first render waits for the opened page's code, where its shell preloads it. */
const PAGE_CODE_WAIT_MS = 1000;

const queryClient = createQueryClient();
// The page being opened starts loading now rather than after the shell's first render: on the
// landing page its two reads and the code of the sections below the hero; elsewhere the page's
// code and the first read it names (router.tsx).
let pageCode: Promise<unknown> | undefined;
if (window.location.pathname === '/') {
  prefetchHome(queryClient);
  preloadHomeSections();
} else {
  const code = preloadPage(queryClient, window.location);
  // Waited for only where the page's own shell preloads that code (route-shells.ts): elsewhere it
  // is a round trip away, and the shell shows sooner on its own.
  if (routeShellFor(window.location.pathname, new URLSearchParams(window.location.search))) pageCode = code;
}

function renderApp() {
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <AppProviders queryClient={queryClient}>
        <BrowserRouter>
          <AppRoutes />
          <UpdatePrompt />
        </BrowserRouter>
      </AppProviders>
    </StrictMode>,
  );
}

// A page whose shell preloads its code (/courses) renders with the shell in one go: rendering the
// shell first, then the page, cost a second render and a layout before the page's first content.
// Never waits long: a slow or failed load renders anyway.
if (pageCode) void Promise.race([pageCode, new Promise((resolve) => setTimeout(resolve, PAGE_CODE_WAIT_MS))]).then(renderApp, renderApp);
else renderApp();
