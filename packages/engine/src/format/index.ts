export { type FormatAmountOptions, formatAmount } from './amount';
export {
  DATE_FORMATS,
  type DateInput,
  DEFAULT_DATE_FORMAT,
  formatDate,
  toDayjs,
  toDayjsFormat,
} from './date';
export { fill, type Lang, pickLang, type Texts } from './lang';
export { countTodayMeetings, type MeetingRow, type MeetingStyle, meetingLabel } from './meeting';
export { type RelativeTimeReading, relativeTime } from './relativeTime';
export { abbreviateNumber, formatFileSize, SIZE_UNITS } from './size';
export { RETENTION_DAYS, type ReminderTask, reminderText, type TagColor, taskStatusTag } from './workflow';
