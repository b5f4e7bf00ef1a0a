import type { Language } from '@kp/schema';
import type { Label } from './seed-labels';
import { nameIn } from './stored-label';

/**
 * The seeded meeting rooms (migration 0092, fixed ids) in every language (issue 20): their names and
 * locations. zh is what 0092 writes and stays in room_name / location; migration 0175 writes the labels into
 * room_name_i18n / location_i18n of the rooms still holding that zh. zhtw is checked with opencc-js in
 * meeting-labels.test.ts.
 */
export const MEETING_ROOM_LABELS: Record<string, { name: Label; location: Label }> = {
  'room-101': {
    name: { zh: '第一会议室', zhtw: '第一會議室', en: 'Meeting room 1' },
    location: { zh: '总部大楼1楼', zhtw: '總部大樓1樓', en: 'Headquarters, floor 1' },
  },
  'room-201': {
    name: { zh: '第二会议室', zhtw: '第二會議室', en: 'Meeting room 2' },
    location: { zh: '总部大楼2楼', zhtw: '總部大樓2樓', en: 'Headquarters, floor 2' },
  },
  'room-301': {
    name: { zh: '多功能厅', zhtw: '多功能廳', en: 'Multi-purpose hall' },
    location: { zh: '总部大楼3楼', zhtw: '總部大樓3樓', en: 'Headquarters, floor 3' },
  },
  'room-302': {
    name: { zh: '视频会议室', zhtw: '視訊會議室', en: 'Video conference room' },
    location: { zh: '总部大楼3楼', zhtw: '總部大樓3樓', en: 'Headquarters, floor 3' },
  },
  'room-501': {
    name: { zh: '洽谈室', zhtw: '洽談室', en: 'Discussion room' },
    location: { zh: '总部大楼5楼', zhtw: '總部大樓5樓', en: 'Headquarters, floor 5' },
  },
};

/** A room's name in `lang`: its label while room_name is still the label's zh (db/stored-label.ts). */
export function roomNameIn(r: { room_name: string; room_name_i18n?: string | null }, lang: Language): string {
  return nameIn({ full_name: r.room_name, full_name_i18n: r.room_name_i18n }, lang);
}

/** A room's location in `lang`, by the same rule; none stays none. */
export function roomLocationIn(
  r: { location: string | null; location_i18n?: string | null },
  lang: Language,
): string | null {
  return r.location === null
    ? null
    : nameIn({ full_name: r.location, full_name_i18n: r.location_i18n }, lang);
}
