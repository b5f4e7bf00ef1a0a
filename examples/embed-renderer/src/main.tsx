import { createRoot } from 'react-dom/client';
import { App } from './App';
import { Claim } from './Claim';

// `?view=ten-lines` shows the README's ten-line embed (Claim.tsx); the default is the full example.
const tenLines = new URLSearchParams(window.location.search).get('view') === 'ten-lines';
createRoot(document.getElementById('root') as HTMLElement).render(tenLines ? <Claim /> : <App />);
