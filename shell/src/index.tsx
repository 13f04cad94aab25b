import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { config as zodConfig } from 'zod/v4/core';
import { Root } from './app/Root.tsx';
import { loadFirstPage } from './app/router.tsx';
import { Loading } from './components/Loading.tsx';
import './app/base.css';

// The page's CSP has no 'unsafe-eval': zod's compiled parsers would first probe `new Function`, which the
// browser reports as a violation. Its interpreted parsers are what the console needs.
zodConfig({ jitless: true });

const root = createRoot(document.getElementById('root')!);
// The app renders once its first page's chunks are in (router.tsx), so that page shows without a Suspense
// fallback before it; a chunk that failed is the page's own error to show.
root.render(<Loading size="large" fullScreen />);
const renderApp = () =>
  root.render(
    <StrictMode>
      <BrowserRouter>
        <Root />
      </BrowserRouter>
    </StrictMode>,
  );
loadFirstPage().then(renderApp, renderApp);
