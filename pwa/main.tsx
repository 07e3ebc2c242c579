import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { AppProviders } from './app/providers';
import { AppRoutes } from './app/router';
import { createQueryClient } from './lib/query-client';
import { UpdatePrompt } from './offline/update-prompt';
import './styles.css';

const queryClient = createQueryClient();
// On the landing page, its two reads start now rather than when their sections mount.
if (window.location.pathname === '/') void import('./catalogue/api/home-queries').then(({ prefetchHome }) => prefetchHome(queryClient));

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
