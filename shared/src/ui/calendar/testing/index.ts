// Study and participant builders for calendar tests in any package (not part of the calendar's API).
export { keyT, MANAGER, STUDENT, study, TEACHER, user } from '../calendar-test-data';
