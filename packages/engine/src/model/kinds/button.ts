// Display element (button): shows something, holds no data.
import { base, defineKind } from './kind';

export default defineKind({
  ...base.none,
  key: 'button',
  defaults: { field: { align: 'left', type: 'primary' } },
});
