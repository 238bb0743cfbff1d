import type { FamilyTranslation, FamilySettingsArea } from '../family-areas';
import { validations } from './validations';
import { attributes } from './attributes';
import { bots } from './bots';

/** The family settings page's areas (its forms' validation messages, the messenger bots): in the page's chunk. */
export const ukFamilySettings: Pick<FamilyTranslation, FamilySettingsArea> = {
  validations,
  attributes,
  bots,
};
