import { FlowDesigner, FormDesigner, PortalDesigner } from '@kp/designer';
import { createMemoryProviders } from '@kp/renderer';
import { createRoot } from 'react-dom/client';

// the organisation the flow page's pickers browse (a host passes its HTTP-backed providers instead)
const org = createMemoryProviders({
  userTree: [
    {
      id: 'o1',
      fullName: '总部',
      type: 'company',
      children: [
        {
          id: 'd1',
          fullName: '财务部',
          type: 'department',
          children: [
            { id: 'u1', fullName: '张三', type: 'user' },
            { id: 'u2', fullName: '李四', type: 'user' },
          ],
        },
      ],
    },
  ],
});

// #flow: the flow designer; #portal: the portal designer; otherwise the form designer (#form-en: in English).
const mode = location.hash.slice(1);
const saved: unknown[] = [];
(window as unknown as { __saved: unknown[] }).__saved = saved;

function Page() {
  if (mode === 'flow') return <FlowDesigner height="100vh" options={{ org }} />;
  if (mode === 'portal') return <PortalDesigner height="100vh" onSave={(l) => void saved.push(l)} />;
  return (
    <FormDesigner
      height="100vh"
      language={mode === 'form-en' ? 'en' : undefined}
      onSave={(c) => void saved.push(c)}
      storage={{ save: (c) => localStorage.setItem('kp-form-draft', JSON.stringify(c)) }}
    />
  );
}

createRoot(document.getElementById('root')!).render(<Page />);
