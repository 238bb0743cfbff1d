import { AppError } from '../../platform/http/app-error.js';
import { StorageError, type Storage } from '../../platform/storage/storage.js';
import type { RecordingsRepository } from './recordings.repository.js';

/**
 * Faults (not refusals) of a save, told by the step they broke: a caller that answers with its
 * own codes (the upload service, spec part 2 §8) passes `tagFault` to the ingest and gets every
 * database or storage failure through it. Refusals (AppError, StorageError) pass untouched.
 */

export type IngestFaultStep = 'study_read' | 'existing_read' | 'write' | 'store_file';

export interface IngestFault {
  step: IngestFaultStep;
  cause: unknown;
  /** For `store_file`: the storage key and the local file being stored. */
  key?: string;
  filePath?: string;
}

/** Returns what is thrown instead of the fault. */
export type IngestFaultTagger = (fault: IngestFault) => unknown;

const isTransaction = (db: unknown) => Boolean((db as { isTransaction?: boolean } | null)?.isTransaction);

/** Reads before the commit have their own steps; anything inside the commit's transaction is the write. */
const READ_STEPS: Partial<Record<keyof RecordingsRepository, IngestFaultStep>> = {
  study: 'study_read',
  ofStudy: 'existing_read',
  one: 'existing_read',
};

export function faultTaggedRepository(
  repo: RecordingsRepository,
  tag: IngestFaultTagger,
): RecordingsRepository {
  const tagged: Record<string, unknown> = {};
  for (const [name, fn] of Object.entries(repo) as Array<
    [keyof RecordingsRepository, (...args: unknown[]) => Promise<unknown>]
  >) {
    tagged[name] = async (...args: unknown[]) => {
      try {
        return await fn.apply(repo, args);
      } catch (err) {
        if (err instanceof AppError) throw err;
        throw tag({ step: (!isTransaction(args[0]) && READ_STEPS[name]) || 'write', cause: err });
      }
    };
  }
  return tagged as RecordingsRepository;
}

export function faultTaggedStorage(storage: Storage, tag: IngestFaultTagger): Storage {
  return {
    put: (...args) => storage.put(...args),
    get: (...args) => storage.get(...args),
    stat: (...args) => storage.stat(...args),
    exists: (...args) => storage.exists(...args),
    delete: (...args) => storage.delete(...args),
    async putFile(key, filePath, opts) {
      try {
        return await storage.putFile(key, filePath, opts);
      } catch (err) {
        if (err instanceof StorageError || err instanceof AppError) throw err;
        throw tag({ step: 'store_file', cause: err, key, filePath });
      }
    },
  };
}
