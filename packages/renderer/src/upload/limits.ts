// Upload limit checks for the uploader widgets: the engine's checkUpload (spec 3 §5 messages), in the widgets' shape.
import { checkUpload, type SizeUnit } from '@kp/engine';

export interface LimitOptions {
  kind: 'file' | 'image';
  limit?: number;
  count: number;
  fileSize?: number;
  sizeUnit?: string;
  accept?: string;
  /** Language of the refusal message (default zh). */
  lang?: 'zh' | 'zhtw' | 'en';
}

/** Returns the refusal message, or null when the file may be uploaded. */
export function checkFile(
  file: { name: string; size: number; type?: string },
  o: LimitOptions,
): string | null {
  const r = checkUpload(file, {
    kind: o.kind,
    limit: o.limit,
    currentCount: o.count,
    fileSize: o.fileSize,
    sizeUnit: o.sizeUnit as SizeUnit | undefined,
    accept: o.kind === 'file' ? o.accept : undefined,
    lang: o.lang,
  });
  return r.ok ? null : r.message;
}
