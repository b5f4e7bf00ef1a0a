// Display element (barcode): shows something, holds no data.
import { base, defineKind } from './kind';

export default defineKind({ ...base.none, key: 'barcode' });
