import type { FeatureModule } from '../feature-module.js';
import { contractsHooks } from './contracts.sql.js';

/** Contracts: their row scope and the form's template-dependent schema. */
export function createContractsModule(): FeatureModule {
  return { name: 'contracts', resourceHooks: { contracts: contractsHooks } };
}
