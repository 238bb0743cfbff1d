import type { FamilyTranslation, FamilyStudyArea } from '../family-areas';
import { scheduling } from './scheduling';
import { subscriptions } from './subscriptions';
import { homework } from './homework';
import { studyPanels } from './study-panels';
import { recordingsUi } from './recordings-ui';

/** The family study modal's areas (homework, messages, reports, recordings, transfer): in its chunk. */
export const ukFamilyStudy: Pick<FamilyTranslation, FamilyStudyArea> = {
  scheduling,
  subscriptions,
  homework,
  studyPanels,
  recordingsUi,
};
