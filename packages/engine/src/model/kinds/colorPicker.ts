// Colour (颜色选择): '#rrggbb' text.
import { base, defineKind } from './kind';

export default defineKind({ ...base.text, key: 'colorPicker' });
