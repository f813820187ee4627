import dayjs from 'dayjs';
import 'dayjs/locale/es';
import 'dayjs/locale/en';
import i18next from './i18n';

/**
 * dayjs follows the interface language (month and day names, first day of the week in Ant Design's
 * date pickers). Imported by the modules that show or pick dates, so a page without dates (the
 * anonymous forms) does not download dayjs.
 */
function follow(language: string): void {
  dayjs.locale(language === 'en' ? 'en' : 'es');
}

follow(i18next.language);
i18next.on('languageChanged', follow);

export { dayjs };
