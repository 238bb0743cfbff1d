import type { Knex } from 'knex';
import type { ResourceDef } from '@school/shared/resources';
import type { StoredDocument } from './document-upload.js';

/** Where a resource keeps its one document, in SQL only the feature knows. */
export interface DocumentSlot {
  resource: ResourceDef;
  /** The form field the file comes in (spec part 2 §3: `document_file` on both forms). */
  field: string;
  /** Storage key prefix. */
  keyPrefix: string;
  /** Path segment of the download: `GET /api/<resource>/{id}/<downloadPath>`. */
  downloadPath: string;
  /** i18n key of the 404 when the row has no file. */
  missingKey: string;
  /** Name for a file uploaded without one. */
  fallbackName: string;
  /**
   * In the write's transaction, after the row is written: records `file` on row `id` (the row
   * locked first) and answers the storage keys it replaced, deleted once the transaction commits.
   */
  attach(trx: Knex.Transaction, id: number, file: StoredDocument, userId: number): Promise<string[]>;
  /** In the delete's transaction, before the row goes: the row's storage keys, the row locked. */
  keysOf(trx: Knex.Transaction, id: number): Promise<string[]>;
  /** The row's current file, if any. */
  current(knex: Knex, id: number): Promise<{ key: string; name: string; mime: string | null } | null>;
}
