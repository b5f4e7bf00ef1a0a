// Display element (barcode): shows something, holds no data.
import { base, defineKind } from './kind';

export default defineKind({
  ...base.none,
  key: 'barcode',
  defaults: {
    field: {
      format: 'code128',
      lineColor: '#000000',
      background: '#ffffff',
      width: 4,
      height: 40,
      dataType: 'static',
      staticText: '',
      relationField: '',
    },
  },
});
