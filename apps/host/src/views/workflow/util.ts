import { formatTime } from '../../util/date';

/** yyyy-MM-dd HH:mm in local time; empty for no value. */
export const fmtTime = (ms: number | null | undefined): string => formatTime(ms || null);
