import { libConfig } from '../../scripts/vite-lib.mjs';

// `npm run build -w @kp/flow`: ESM into dist/ (one file per module), declarations from tsconfig.build.json.
export default libConfig(import.meta.dirname, { entries: { index: 'index.ts' } });
