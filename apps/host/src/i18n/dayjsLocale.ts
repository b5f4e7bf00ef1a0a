import type { Language } from '@kp/schema';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
// i18next's default instance, the one i18n/index initialises (importing that module would be a cycle)
import i18n from 'i18next';

/** dayjs's locale of each language (month and weekday names, the pickers' calendars). */
export const DAYJS_LOCALES: Record<Language, string> = { zh: 'zh-cn', zhtw: 'zh-tw', en: 'en' };

// zh-tw's dayjs locale comes with the zhtw catalogue (i18n/index loadLanguage): applied once it is added.
const apply = () => {
  dayjs.locale(DAYJS_LOCALES[i18n.language as Language] ?? 'zh-cn');
};
// Set as soon as this loads (before the signed-in app's first render) and on every switch: an effect after
// render would format once in the old language.
apply();
i18n.on('languageChanged', apply);
i18n.store.on('added', apply);
