import { z } from 'zod';
import { requiredFlag } from './coercion';

/** `PATCH /api/feature-flags/{id}`: a flag is switched on or off, nothing else about it changes. */
export const featureFlagUpdateSchema = z.object({ enabled: requiredFlag() });
export type FeatureFlagUpdate = z.output<typeof featureFlagUpdateSchema>;
