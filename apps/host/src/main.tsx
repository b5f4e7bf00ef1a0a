import { createRoot } from 'react-dom/client';
import { languageReady } from './i18n';
import './services/session';
import { Root } from './Root';
import './styles.css';

const el = document.getElementById('app');
// The first render waits for the stored language's catalogue (zh is bundled, zhtw and en load on demand).
if (el) void languageReady.then(() => createRoot(el).render(<Root />));
