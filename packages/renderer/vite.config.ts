import { libConfig } from '../../scripts/vite-lib.mjs';

// `npm run build -w @kp/renderer`: ESM into dist/ (one file per module; react, react-dom, antd and every other
// dependency stay imports), declarations from tsconfig.build.json.
export default libConfig(import.meta.dirname, { entries: { index: 'index.ts' }, react: true });
