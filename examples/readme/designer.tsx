import { type FormConfig, FormDesigner } from '@kp/designer';
import { createMemoryProviders } from '@kp/renderer';
import { useState } from 'react';

const providers = createMemoryProviders({ currentUser: { userId: 'u1', userName: '张三' } });

export function Designer({ saved, save }: { saved: FormConfig; save(config: FormConfig): void }) {
  const [config, setConfig] = useState(saved);
  // 保存 hands `save` a config that passed checkFormForSave (messages in `language`) and validateFormConfig
  return (
    <FormDesigner value={config} onChange={setConfig} providers={providers} onSave={save} language="en" />
  );
}
