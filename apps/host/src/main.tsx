import { createRoot } from 'react-dom/client';
import './i18n';
import './services/session';
import { Root } from './Root';
import './styles.css';

const el = document.getElementById('app');
if (el) createRoot(el).render(<Root />);
