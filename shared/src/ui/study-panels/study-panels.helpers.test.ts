import { describe, expect, it } from 'vitest';
import { ApiError } from '@school/shared/api';
import type { StudyMessage, StudyTask } from './study-panels.api';
import { groupTasks } from './use-study-homework';
import { newestMessageId, sortMessages, withMessage } from './use-study-messages';
import { evaluationOutcome } from './use-study-reports';

const message = (id: number, created_at: string): StudyMessage => ({
  id,
  study_id: 1,
  user_id: 1,
  content: `m${id}`,
  created_at,
});
const task = (id: number, user_id: number): StudyTask => ({
  id,
  study_id: 1,
  user_id,
  creator_id: 1,
  file_name: `${id}.pdf`,
  file_mime: 'application/pdf',
});

describe('message list', () => {
  it('reads oldest first, ties by id', () => {
    const sorted = sortMessages([
      message(3, '2025-01-02T10:00:00Z'),
      message(2, '2025-01-01T10:00:00Z'),
      message(1, '2025-01-02T10:00:00Z'),
    ]);
    expect(sorted.map((m) => m.id)).toEqual([2, 1, 3]);
  });

  it('shows our sent message once, even when the live reload brought it first', () => {
    const list = [message(1, '2025-01-01T10:00:00Z')];
    const sent = message(2, '2025-01-01T11:00:00Z');
    expect(withMessage(list, sent).map((m) => m.id)).toEqual([1, 2]);
    expect(withMessage(withMessage(list, sent), sent).map((m) => m.id)).toEqual([1, 2]);
    expect(withMessage(undefined, sent).map((m) => m.id)).toEqual([2]);
  });

  it('marks the chat read up to its newest message', () => {
    expect(newestMessageId(undefined)).toBeNull();
    expect(newestMessageId([])).toBeNull();
    expect(newestMessageId([message(7, '2025-01-02T10:00:00Z'), message(9, '2025-01-01T10:00:00Z')])).toBe(9);
  });
});

describe('homework groups', () => {
  it('one list per visible student, newest first, another student’s files left out', () => {
    const groups = groupTasks(
      [
        { id: 5, full_name: 'Оксана' },
        { id: 6, full_name: 'Петро' },
      ],
      [task(1, 5), task(2, 6), task(3, 5), task(4, 9)],
    );
    expect(groups.map((g) => [g.student.id, g.tasks.map((t) => t.id)])).toEqual([
      [5, [3, 1]],
      [6, [2]],
    ]);
  });
});

describe('evaluation outcome (spec part 2 §8)', () => {
  const error = (status: number) => new ApiError(status, { message: 'x' });
  it('403 Access denied, 404 No evaluation found, anything else Failed to load evaluation', () => {
    expect(evaluationOutcome({ error: error(403) })).toEqual({
      failure: 'accessDenied',
      messageKey: 'studyPanels.evaluation.accessDenied',
    });
    expect(evaluationOutcome({ error: error(404) })).toEqual({
      failure: 'notFound',
      messageKey: 'studyPanels.evaluation.notFound',
    });
    expect(evaluationOutcome({ error: error(500) })).toEqual({
      failure: 'failed',
      messageKey: 'studyPanels.evaluation.failed',
    });
    expect(evaluationOutcome({ error: new TypeError('network') })).toEqual({
      failure: 'failed',
      messageKey: 'studyPanels.evaluation.failed',
    });
  });

  it('an evaluation with an empty report says No report; with a report nothing', () => {
    const base = { id: 1, study_id: 2, score: 7 };
    expect(evaluationOutcome({ evaluation: { ...base, report: '  ' } }).messageKey).toBe(
      'studyPanels.evaluation.noReport',
    );
    expect(evaluationOutcome({ evaluation: { ...base, report: null } }).messageKey).toBe(
      'studyPanels.evaluation.noReport',
    );
    expect(evaluationOutcome({ evaluation: { ...base, report: 'Добре' } })).toEqual({
      failure: null,
      messageKey: null,
    });
  });
});
