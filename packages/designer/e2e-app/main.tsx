import { FlowDesigner, FormDesigner, PortalDesigner } from '@kp/designer';
import { createRoot } from 'react-dom/client';

// #flow: the flow designer; #portal: the portal designer; otherwise the form designer.
const mode = location.hash.slice(1);
const saved: unknown[] = [];
(window as unknown as { __saved: unknown[] }).__saved = saved;

function Page() {
  if (mode === 'flow') return <FlowDesigner height="100vh" />;
  if (mode === 'portal') return <PortalDesigner height="100vh" onSave={(l) => void saved.push(l)} />;
  return (
    <FormDesigner
      height="100vh"
      onSave={(c) => void saved.push(c)}
      storage={{ save: (c) => localStorage.setItem('kp-form-draft', JSON.stringify(c)) }}
    />
  );
}

createRoot(document.getElementById('root')!).render(<Page />);
