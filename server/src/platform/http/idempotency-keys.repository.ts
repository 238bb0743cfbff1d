import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';

/**
 * The `idempotency_keys` table (migration 035, docs/api.md "Offline writes"). Every decision is
 * one statement on the unique `(user_id, key)`, so two server processes never both run a key.
 */

export interface StoredAnswer {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
}

export interface KeyRequest {
  userId: number;
  key: string;
  method: string;
  path: string;
  fingerprint: string;
}

export type ClaimResult =
  /** This request owns the key: run it, then finish or release with `claim`. */
  | { kind: 'claimed'; claim: string }
  | { kind: 'finished'; fingerprint: string; answer: StoredAnswer }
  | { kind: 'running'; fingerprint: string };

interface KeyRow {
  fingerprint: string;
  finished_at: Date | null;
  status: number | null;
  headers: Record<string, string> | null;
  body: Buffer | null;
}

export function createIdempotencyKeysRepository(knex: Knex) {
  return {
    /**
     * Claims the key, or says what holds it. An unfinished claim older than `staleSeconds` was
     * abandoned (its process died between the write and the finish): it is taken over, by one
     * caller only (the UPDATE re-checks the age under the row lock).
     */
    async claim(req: KeyRequest, staleSeconds: number): Promise<ClaimResult> {
      const claim = randomUUID();
      const inserted = await knex.raw(
        `INSERT INTO idempotency_keys (user_id, key, method, path, fingerprint, claim)
         VALUES (?, ?, ?, ?, ?, ?)
         ON CONFLICT (user_id, key) DO NOTHING
         RETURNING id`,
        [req.userId, req.key, req.method, req.path, req.fingerprint, claim],
      );
      if (inserted.rows.length) return { kind: 'claimed', claim };
      const row = (await knex('idempotency_keys')
        .where({ user_id: req.userId, key: req.key })
        .first('fingerprint', 'finished_at', 'status', 'headers', 'body')) as KeyRow | undefined;
      // Swept (or released) between the two statements: claim afresh.
      if (!row) return this.claim(req, staleSeconds);
      if (row.finished_at) {
        return {
          kind: 'finished',
          fingerprint: row.fingerprint,
          answer: { status: row.status!, headers: row.headers ?? {}, body: row.body ?? Buffer.alloc(0) },
        };
      }
      if (row.fingerprint === req.fingerprint) {
        const taken = await knex('idempotency_keys')
          .where({ user_id: req.userId, key: req.key, finished_at: null })
          .whereRaw('claimed_at < now() - make_interval(secs => ?)', [staleSeconds])
          .update({ claim, claimed_at: knex.fn.now() })
          .returning('id');
        if (taken.length) return { kind: 'claimed', claim };
      }
      return { kind: 'running', fingerprint: row.fingerprint };
    },

    /** Stores the answer of the claim; false when the claim was lost (taken over or swept). */
    async finish(userId: number, key: string, claim: string, answer: StoredAnswer): Promise<boolean> {
      const n = await knex('idempotency_keys')
        .where({ user_id: userId, key, claim, finished_at: null })
        .update({
          finished_at: knex.fn.now(),
          status: answer.status,
          headers: JSON.stringify(answer.headers),
          body: answer.body,
        });
      return n > 0;
    },

    /** Frees the key of an unfinished claim, so a retry runs the request again. */
    async release(userId: number, key: string, claim: string): Promise<void> {
      await knex('idempotency_keys').where({ user_id: userId, key, claim, finished_at: null }).delete();
    },

    /** Deletes keys claimed longer ago than `days`; the number deleted. */
    async sweep(days: number): Promise<number> {
      return knex('idempotency_keys')
        .whereRaw('claimed_at < now() - make_interval(days => ?)', [days])
        .delete();
    },
  };
}

export type IdempotencyKeysRepository = ReturnType<typeof createIdempotencyKeysRepository>;
