// Display element (JNPFText): shows something, holds no data.
import { base, defineKind } from './kind';

export default defineKind({
  ...base.none,
  key: 'JNPFText',
  defaults: {
    field: {
      textStyle: {
        color: '#000000',
        'text-align': 'left',
        'font-weight': 'normal',
        'font-style': 'normal',
        'text-decoration': 'none',
        'line-height': 32,
        'font-size': 12,
      },
    },
  },
});
