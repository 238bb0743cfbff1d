/** The React/FullCalendar side of the shared calendar (the logic is in the parent folder). */
export * from './study-calendar';
export * from './study-event-content';
