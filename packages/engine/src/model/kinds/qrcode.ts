// Display element (qrcode): shows something, holds no data.
import { base, defineKind } from './kind';

export default defineKind({
  ...base.none,
  key: 'qrcode',
  defaults: {
    field: {
      colorDark: '#000000',
      colorLight: '#ffffff',
      size: 100,
      dataType: 'static',
      staticText: '',
      relationField: '',
    },
  },
});
