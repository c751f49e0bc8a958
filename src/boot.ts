/**
 * The entry (index.html): the app's stylesheet, then the app in two steps. A module and
 * everything it imports are evaluated in one task, and the framework (React DOM, ~130 KB) and
 * the app (TanStack Router and Query, our code, src/main.tsx) together took 25–88 ms of it at 1×
 * on a 2-core machine: a long task before the page is interactive in most visits under load
 * (issue 16 item 3). React DOM is evaluated first; the app follows in a later task (and main.tsx
 * starts its work one task after its chunk is evaluated). Both chunks are fetched with the entry
 * (modulepreload links: vite.config.ts `appStageLinks`; on a server-rendered page after its first
 * paint, public/after-paint.js), so the split costs no round trip. Should either chunk fail to
 * load (a release arriving between the page and its chunks, a dropped signal), the page reloads
 * once (src/lib/chunk-recovery.ts).
 */
import './styles/app.css';
import { isChunkLoadFailure, recoverFromChunkFailure, reloadOnFailedPreloads } from './lib/chunk-recovery';

reloadOnFailedPreloads();

// Not top-level await: other chunks import Vite's preload helper from this one, and a module still
// waiting on its own import of the app would hold the app's evaluation back for ever.
void import('react-dom/client')
  .then(() => new Promise((resolve) => setTimeout(resolve, 0)))
  .then(() => import('./main'))
  .catch((error: unknown) => {
    console.error('[boot] the app did not load', error);
    if (isChunkLoadFailure(error)) recoverFromChunkFailure();
  });
