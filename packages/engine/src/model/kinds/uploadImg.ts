// Images (图片上传): a list of { name, fileId, url, size }; shown by file name.
import { base, defineKind } from './kind';

const names = (v: unknown) =>
  Array.isArray(v) ? v.map((x) => String((x as { name?: unknown } | null)?.name ?? '')).join(',') : '';

export default defineKind({
  ...base.structured,
  key: 'uploadImg',
  displayAs: 'files',
  shape: () => 'files',
  display: names,
});
