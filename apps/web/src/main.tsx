import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { applyStoredColorMode } from './ui/color-mode';

// Before the first paint, so a dark-mode user never sees a light flash.
applyStoredColorMode();

createRoot(document.getElementById('root') as HTMLElement).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
