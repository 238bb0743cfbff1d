import type { FamilyTranslation, FamilyProfileArea } from '../family-areas';
import { bots } from './bots';
import { familyProfile } from './family-profile';

/** The family profile page's areas (its texts, the messenger buttons): in the page's chunk. */
export const ukFamilyProfile: Pick<FamilyTranslation, FamilyProfileArea> = { familyProfile, bots };
