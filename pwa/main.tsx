import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { AppProviders } from './app/providers';
import { AppRoutes, preloadPage } from './app/router';
import { preloadHomeSections } from './app/routes/home-page';
import { prefetchHome } from './catalogue/api/home-queries';
import { createQueryClient } from './lib/query-client';
import { UpdatePrompt } from './offline/update-prompt';
import './styles.css';

const queryClient = createQueryClient();
// The page being opened starts loading now rather than after the shell's first render: on the
// landing page its two reads and the code of the sections below the hero; elsewhere the page's
// code and the first read it names (router.tsx).
if (window.location.pathname === '/') {
  prefetchHome(queryClient);
  preloadHomeSections();
} else preloadPage(queryClient, window.location);

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
