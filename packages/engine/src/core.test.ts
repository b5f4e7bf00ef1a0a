import { describe, expect, it } from 'vitest';
import * as engine from './index';

describe('@kp/engine core contract', () => {
  it('exports the fixed names', () => {
    for (const name of [
      'compileFormula',
      'evaluateFormula',
      'isValidExpression',
      'amountInWords',
      'validateBy',
      'validators',
      'relativeTime',
      'formatDate',
      'formatFileSize',
      'abbreviateNumber',
      'taskStatusTag',
      'reminderText',
      'meetingLabel',
      'formatAmount',
      'checkUpload',
      'planChunks',
      'md5SlicePlan',
      'MAX_CHUNK_RETRIES',
      'buildRoutes',
      'hasPermission',
      'nextBillNumber',
    ]) {
      expect(engine, name).toHaveProperty(name);
    }
  });

  it('compiles once and exposes refs for the form compiler', () => {
    const f = engine.compileFormula(['tableField101.price', '×', 'qty']);
    expect(f.ok).toBe(true);
    expect(f.refs).toEqual(['tableField101.price', 'qty']);
    expect(engine.evaluateFormula(f, { qty: 2, tableField101: [{ price: 1.25 }, { price: '2' }] })).toBe(6.5);
  });
});
