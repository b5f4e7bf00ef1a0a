// Upload limit checks. TEMPORARY until @kp/engine's checkUpload lands; then this file delegates to it.
const UNIT: Record<string, number> = { KB: 1024, MB: 1048576, GB: 1073741824 };
const TYPES: Record<string, string[]> = {
  image: ['jpg', 'jpeg', 'png', 'gif', 'bmp', 'webp', 'svg'],
};

export interface LimitOptions {
  kind: 'file' | 'image';
  limit?: number;
  count: number;
  fileSize?: number;
  sizeUnit?: string;
  accept?: string;
}

/** Returns the refusal message, or null when the file may be uploaded. */
export function checkFile(
  file: { name: string; size: number; type?: string },
  o: LimitOptions,
): string | null {
  const ext = file.name.includes('.') ? file.name.slice(file.name.lastIndexOf('.') + 1).toLowerCase() : '';
  if (o.limit && o.count >= o.limit) {
    return o.kind === 'image'
      ? `当前限制最多可以上传${o.limit}张图片`
      : `当前限制最多可以上传${o.limit}个文件`;
  }
  if (o.kind === 'image' && !TYPES.image.includes(ext)) return '请上传图片';
  const unit = o.sizeUnit ?? 'MB';
  const max = o.fileSize ?? 5;
  if (!(file.size / (UNIT[unit] ?? UNIT.MB) < max)) {
    return o.kind === 'image' ? `图片大小超过${max}${unit}` : `文件大小超过${max}${unit}`;
  }
  if (o.accept && o.kind === 'file') {
    const ok = o.accept.split(',').some((a) => a.trim().replace(/^\./, '').toLowerCase() === ext);
    if (!ok) return `请选择${o.accept}类型的文件`;
  }
  return null;
}
