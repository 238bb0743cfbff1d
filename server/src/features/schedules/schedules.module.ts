import type { FeatureModule } from '../feature-module.js';
import { schedulesHooks } from './schedules.sql.js';
import { scheduleWriteHooks } from './schedules.write.js';

/** Schedules: the row scope and the schedule owner's role check. */
export function createSchedulesModule(): FeatureModule {
  return {
    name: 'schedules',
    resourceHooks: { schedules: schedulesHooks },
    writeHooks: { schedules: scheduleWriteHooks },
  };
}
