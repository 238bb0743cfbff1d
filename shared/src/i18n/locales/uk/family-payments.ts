import type { FamilyTranslation, FamilyPaymentsArea } from '../family-areas';
import { paymentsUi } from './payments-ui';

/** The family Payments page's area: in the page's chunk. */
export const ukFamilyPayments: Pick<FamilyTranslation, FamilyPaymentsArea> = { paymentsUi };
