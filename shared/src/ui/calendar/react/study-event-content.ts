import type { EventContentArg } from '@fullcalendar/core';
import type { CalendarTranslate, StudyEventProps } from '../calendar-event.types';
import { ATTENDANCE_MARK_KEYS, formatPerson, MARKER_KEYS, NOTICE_KEYS } from '../study-events.mapper';

export interface StudyEventContentOptions {
  t: CalendarTranslate;
  /** Edit shortcut (Administrator, Manager): a pencil in the corner of the event. */
  onEdit?: (studyId: number) => void;
  editLabel?: string;
}

const SVG_NS = 'http://www.w3.org/2000/svg';

function el(tag: string, className: string, text?: string): HTMLElement {
  const node = document.createElement(tag);
  node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

/** Drawn, not an emoji: machines without an emoji font would show a box. */
function paperclip(): SVGElement {
  const svg = document.createElementNS(SVG_NS, 'svg');
  svg.setAttribute('class', 'study-event__clip');
  svg.setAttribute('viewBox', '0 0 16 16');
  svg.setAttribute('width', '12');
  svg.setAttribute('height', '12');
  svg.setAttribute('aria-hidden', 'true');
  svg.setAttribute('data-testid', 'study-event-comment');
  const path = document.createElementNS(SVG_NS, 'path');
  path.setAttribute('d', 'M10.5 3.5v7a2.5 2.5 0 0 1-5 0v-8a1.5 1.5 0 0 1 3 0v7.5a.5.5 0 0 1-1 0V4');
  path.setAttribute('fill', 'none');
  path.setAttribute('stroke', 'currentColor');
  path.setAttribute('stroke-width', '1.8');
  path.setAttribute('stroke-linecap', 'round');
  svg.appendChild(path);
  return svg;
}

/**
 * One study in the grid: time, then who (students with classes, or for families type,
 * participants and teachers), then markers, the paperclip and the notices.
 *
 * Built as plain DOM nodes rather than React elements: FullCalendar's React connector renders
 * every React event body through its own portal, which made a 500-event week take ~0.8 s. The
 * body is one block of inline runs (no flex boxes, no wrappers per line): a busy week lays out
 * hundreds of these at once (bench/cases/calendar-render.bench.ts, budget 200 ms).
 */
export function studyEventNodes(arg: EventContentArg, options: StudyEventContentOptions): Node[] {
  const { t, onEdit, editLabel } = options;
  const props = arg.event.extendedProps as StudyEventProps;
  const { display } = props;
  const body = el('div', 'study-event__body');
  body.dataset.testid = 'study-event';
  body.dataset.studyId = String(props.studyId);
  body.title = arg.event.title;

  if (onEdit) {
    const button = el('button', 'study-event__edit', '\u270E') as HTMLButtonElement;
    button.type = 'button';
    if (editLabel) {
      button.title = editLabel;
      button.setAttribute('aria-label', editLabel);
    }
    button.dataset.testid = 'study-event-edit';
    button.addEventListener('click', (event) => {
      // The click would otherwise also open the study modal underneath.
      event.stopPropagation();
      event.preventDefault();
      onEdit(props.studyId);
    });
    body.appendChild(button);
  }
  body.appendChild(el('span', 'study-event__time', arg.timeText));
  if (display.attendance) {
    // A check or a cross in a small badge: the family answered in the bot (staff only).
    const mark = el(
      'span',
      `study-event__attendance study-event__attendance--${display.attendance}`,
      display.attendance === 'confirmed' ? '\u2713' : '\u2715',
    );
    const label = t(ATTENDANCE_MARK_KEYS[display.attendance]);
    mark.title = label;
    mark.setAttribute('aria-label', label);
    mark.dataset.testid = 'study-event-attendance';
    mark.dataset.answer = display.attendance;
    body.append(' ', mark);
  }
  if (display.hasComment) body.append(' ', paperclip());

  if (display.audience === 'family' && display.typeName)
    body.appendChild(el('span', 'study-event__type', display.typeName));
  const who = display.reserved
    ? t('calendar.timeReserved')
    : display.audience === 'family'
      ? display.students.map((s) => s.name).join(', ')
      : display.students.map(formatPerson).join(', ');
  body.appendChild(el('span', 'study-event__who', who));
  if (display.teachers.length > 0)
    body.appendChild(el('span', 'study-event__teachers', display.teachers.join(', ')));
  // Spaces between the runs are where a line may wrap.
  for (const m of display.markers)
    body.append(el('strong', `study-event__marker study-event__marker--${m}`, t(MARKER_KEYS[m])), ' ');
  for (const n of display.notices)
    body.append(el('span', `study-event__notice study-event__notice--${n}`, t(NOTICE_KEYS[n])), ' ');
  return [body];
}
