import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { config as zodConfig } from 'zod/v4/core';
import { Root } from './app/Root.tsx';
import './app/base.css';

// The page's CSP has no 'unsafe-eval': zod's compiled parsers would first probe `new Function`, which the
// browser reports as a violation. Its interpreted parsers are what the console needs.
zodConfig({ jitless: true });

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <BrowserRouter>
      <Root />
    </BrowserRouter>
  </StrictMode>,
);
