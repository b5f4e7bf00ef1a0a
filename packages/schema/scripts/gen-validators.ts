// Writes src/generated/validators.js and .d.ts (ajv standalone code of the fixed schemas, see src/standalone/generate.ts).
// Run: npm run gen:validators -w packages/schema (the package build runs it first).
import { writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { generateValidatorsCode, generateValidatorsDts } from '../src/standalone/generate';

const dir = join(dirname(fileURLToPath(import.meta.url)), '../src/generated');
const code = generateValidatorsCode();
writeFileSync(join(dir, 'validators.js'), code);
writeFileSync(join(dir, 'validators.d.ts'), generateValidatorsDts());
console.log(`wrote ${dir}/validators.js (${code.length} characters) and validators.d.ts`);
