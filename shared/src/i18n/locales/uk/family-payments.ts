import type { FamilyTranslation, FamilyPaymentsArea } from '../family-areas';
import { payments } from './payments';

/** The family Payments page's area: in the page's chunk. */
export const ukFamilyPayments: Pick<FamilyTranslation, FamilyPaymentsArea> = { payments };
