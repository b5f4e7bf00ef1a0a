import { libConfig } from '../../scripts/vite-lib.mjs';

// `npm run build -w @kp/engine`: ESM into dist/ (one file per module), declarations from tsconfig.build.json.
export default libConfig(import.meta.dirname, {
  entries: {
    index: 'index.ts',
    'money/index': 'money/index.ts',
    'formula/index': 'formula/index.ts',
    'form/index': 'form/index.ts',
    'format/index': 'format/index.ts',
    'validators/index': 'validators/index.ts',
    'upload/index': 'upload/index.ts',
    'routes/index': 'routes/index.ts',
    'bill/index': 'bill/index.ts',
    'testing/index': 'testing/index.ts',
  },
});
