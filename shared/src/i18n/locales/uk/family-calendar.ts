import type { FamilyTranslation, FamilyCalendarArea } from '../family-areas';
import { calendarUi } from './calendar-ui';
import { calendar } from './study';

/** The family calendar page's areas: in the page's chunk. */
export const ukFamilyCalendar: Pick<FamilyTranslation, FamilyCalendarArea> = { calendar, calendarUi };
