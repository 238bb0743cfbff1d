import type { Knex } from 'knex';

const COLUMNS = ['id', 'name', 'enabled', 'description', 'updated_at'] as const;

export interface FeatureFlagRow {
  id: number;
  name: string;
  enabled: boolean;
  description: string | null;
  updated_at: Date;
}

/** The `feature_flags` table: read by everyone as a lookup, switched here. */
export function createFeatureFlagsRepository(knex: Knex) {
  return {
    /** Sets one flag; undefined when there is no such flag. */
    async setEnabled(id: number, enabled: boolean): Promise<FeatureFlagRow | undefined> {
      const [row] = await knex('feature_flags')
        .where({ id })
        .update({ enabled, updated_at: knex.fn.now() })
        .returning([...COLUMNS]);
      return row as FeatureFlagRow | undefined;
    },
  };
}

export type FeatureFlagsRepository = ReturnType<typeof createFeatureFlagsRepository>;
