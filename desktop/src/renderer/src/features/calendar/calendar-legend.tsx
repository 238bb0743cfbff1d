import { useTranslation } from 'react-i18next';
import {
  BACKGROUND_COLORS,
  STUDY_COLORS,
  type BackgroundKind,
  type StudyColorKind,
} from '@school/shared/ui/calendar';

const STUDY_KINDS: StudyColorKind[] = [
  'default',
  'unpaid',
  'last',
  'noSubscriptions',
  'trial',
  'bonus',
  'reserved',
];
const BACKGROUND_KINDS: BackgroundKind[] = ['work', 'offWarning', 'off'];

/** What the colours mean: the calendar shows seven study colours and three kinds of time. */
export function CalendarLegend({ withBackground }: { withBackground: boolean }) {
  const { t } = useTranslation();
  return (
    <ul className="calendar-legend" data-testid="calendar-legend">
      {STUDY_KINDS.map((kind) => (
        <li key={kind}>
          <span className="calendar-legend__swatch" style={{ background: STUDY_COLORS[kind] }} />
          {t(`calendarUi.legend.${kind}`)}
        </li>
      ))}
      {withBackground
        ? BACKGROUND_KINDS.map((kind) => (
            <li key={kind}>
              <span
                className="calendar-legend__swatch calendar-legend__swatch--bg"
                style={{ background: BACKGROUND_COLORS[kind] }}
              />
              {t(`calendarUi.legend.${kind}`)}
            </li>
          ))
        : null}
    </ul>
  );
}
