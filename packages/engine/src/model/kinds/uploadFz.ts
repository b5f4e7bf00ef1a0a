// Attachments (文件上传): a list of { name, fileId, url, size }; shown by file name.
import { base, defineKind } from './kind';

const names = (v: unknown) =>
  Array.isArray(v) ? v.map((x) => String((x as { name?: unknown } | null)?.name ?? '')).join(',') : '';

export default defineKind({
  ...base.structured,
  key: 'uploadFz',
  displayAs: 'files',
  shape: () => 'files',
  display: names,
});
