import type { ApiResponse } from '@kp/schema';
import { ApiCode } from '@kp/schema';
import { MSG } from './api-error';

/** The success envelope. Routes return `ok(data)` (or `ok(data, '保存成功')`). */
export function ok<T>(data: T, msg: string = MSG.ok): ApiResponse<T> {
  return { code: ApiCode.OK, msg, data };
}

export function fail(code: number, msg: string): ApiResponse<null> {
  return { code, msg, data: null };
}
