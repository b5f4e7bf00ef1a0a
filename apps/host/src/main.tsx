import { createRoot } from 'react-dom/client';
import { setSessionGoneHandler } from './api/http';
import { languageReady } from './i18n';
import { Root } from './Root';
import './styles.css';

// The session service (socket, media codes, the key of kept input) loads with the signed-in app, not with the
// login page; a session-gone answer before that loads it to act (it then handles the next ones itself).
setSessionGoneHandler(() => void import('./services/session').then((m) => m.sessionGone()));

const el = document.getElementById('app');
// The first render waits for the stored language's catalogue (zh is bundled, zhtw and en load on demand).
if (el) void languageReady.then(() => createRoot(el).render(<Root />));
