import type { Knex } from 'knex';
import {
  gateRow,
  type Admitted,
  type LoadOptions,
  type SubjectLoader,
} from '../../platform/security/access-gate.js';
import type { AuthState } from '../../platform/security/auth-state.js';
import type { StudiesRepository, StudyWithParticipants } from './studies.repository.js';

/** A study's condition attributes (READ_ATTRIBUTES.study): the ids of every participant. */
export function studyAttributes(study: { participants: readonly { user_id: number }[] }): {
  user_ids: number[];
} {
  return { user_ids: study.participants.map((p) => p.user_id) };
}

/** The access gate's loader of `study`: the row with its participants, optionally locked. */
export function studyLoader(studies: Pick<StudiesRepository, 'find'>): SubjectLoader<StudyWithParticipants> {
  return {
    subject: 'study',
    load: (db, id, lock) => studies.find(db, id, lock),
    attributes: studyAttributes,
  };
}

/**
 * "A study the caller may act on, or 404/403" through the access gate: every command on one study
 * (update, move to end, free slots, homework and recording uploads, notify) starts here.
 */
export function gateStudy(
  studies: Pick<StudiesRepository, 'find'>,
  db: Knex | Knex.Transaction,
  auth: AuthState,
  id: number,
  options: LoadOptions = {},
): Promise<Admitted<StudyWithParticipants>> {
  return gateRow(studyLoader(studies), db, auth, id, options);
}
