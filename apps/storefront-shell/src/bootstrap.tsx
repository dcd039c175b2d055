import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { remotesReady } from './remotes/registry';

void remotesReady();
createRoot(document.getElementById('root')!).render(<App />);
