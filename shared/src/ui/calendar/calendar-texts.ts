import { calendarUi as en } from '../../i18n/locales/en/calendar-ui';
import { calendarUi as ru } from '../../i18n/locales/ru/calendar-ui';
import { calendarUi as uk } from '../../i18n/locales/uk/calendar-ui';

/**
 * The calendarUi texts by language, for a client to add to its i18n instance under the key
 * `calendarUi` until (and harmlessly after) the shared resources list them.
 */
export const calendarUiTexts = { uk, ru, en } as const;
