import type { SchedulingTranslation } from '../uk/scheduling';

export const scheduling: SchedulingTranslation = {
  transfer: {
    not_single_student: 'Only a study with exactly one student can be transferred.',
    study_not_after_today: 'Only a study starting tomorrow or later can be transferred.',
    too_late: 'Study can be transferred only no less than one day before the start.',
    slot_not_after_today: 'The new time must be tomorrow or later.',
    slot_after_limit: "The new time must be no later than 4 days after the subscription's last study.",
    slot_in_off_period: 'The teacher is off at that time.',
    slot_not_free: 'That time is not free working time of the teacher.',
    slot_taken: 'This time has just been taken. Refresh the calendar and pick another time.',
  },
  update: {
    billed_miss_locks_date: 'Cannot change date when miss status is set to "Billed Miss"',
    miss_status_teacher: 'A teacher can neither set "Billed Miss" nor change it once set.',
    end_before_start: 'The end of the study must be after its start.',
    field_forbidden: 'You may not change the field "{{field}}".',
    in_off_period: 'The new time falls on the teacher\'s days off. Tick "Ignore off periods" to save anyway.',
    no_teacher: 'The study has no teacher.',
  },
  slot_taken: 'This time has just been taken. Refresh the calendar and pick another time.',
  initiators: {
    1: 'Student / parents',
    2: 'Teacher',
    3: 'School',
  },
  next_date: {
    no_studies: 'The subscription has no studies yet, so the next date cannot be calculated.',
    not_found: "No free time matching the subscription's template was found.",
  },
  schedule: {
    not_teacher: 'A schedule can only belong to a teacher or a methodologist.',
  },
  move_to_end: {
    no_subscription: 'Only a study with exactly one subscription can be moved to the end.',
    billed_miss: 'A study with a billed miss cannot be moved to the end of the subscription.',
  },
  create: {
    in_off_period: 'The study falls on the teacher\'s days off. Tick "Ignore off periods" to save anyway.',
  },
  notify: {
    not_a_student: 'Only a student of this study can be notified.',
    not_in_progress: 'A reminder can only be sent while the study is in progress.',
    no_messenger:
      'The student has not connected the Telegram or Viber bot, so there is nowhere to send the message.',
    unavailable: 'Sending messages to messengers is not available yet.',
    failed: 'The message could not be sent.',
    messages: {
      1: 'The study has started ({{time}}). Please join!',
    },
  },
  free_slots: {
    range: 'The period must be at most {{days}} days long and "to" must be after "from".',
  },
};
