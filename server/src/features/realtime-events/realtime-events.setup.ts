import type { Knex } from 'knex';
import type { RealtimeChannel, StudyChangeAudience } from '../../platform/realtime/realtime.types.js';
import { createCalendarAccessRepository } from './calendar-access.repository.js';
import { calendarChannel } from './calendar.channel.js';
import { studyChangeAudience } from './study-change.audience.js';
import { createStudyRoomRepository } from './study-room.repository.js';
import { studyRoomChannel } from './study-room.channel.js';

/** The socket handlers and the per-session audience rule the app gives attachRealtime. */
export function realtimeEventsFor(knex: Knex): {
  channels: RealtimeChannel[];
  audience: StudyChangeAudience;
} {
  return {
    channels: [
      calendarChannel(createCalendarAccessRepository(knex)),
      studyRoomChannel(createStudyRoomRepository(knex)),
    ],
    audience: studyChangeAudience,
  };
}
