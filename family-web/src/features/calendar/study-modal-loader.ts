import { addBundledTranslations } from '@school/shared/ui';
import type { StudyModal } from '../study-modal/study-modal';
import type { TransferView } from '../study-transfer/transfer-view';

export interface StudyModalParts {
  StudyModal: typeof StudyModal;
  TransferView: typeof TransferView;
}

let loaded: StudyModalParts | null = null;
let pending: Promise<StudyModalParts> | null = null;

/**
 * The study modal and the transfer view (homework, messages, reports, recordings, the transfer
 * calendar) load when a study is first opened, not with the calendar: most visits only look at
 * the calendar (the calendar route budget, bench/support/bundle-size.ts). The calendar opens the
 * modal once they are here, rendering them directly: no Suspense fallback, whose reveal React
 * holds back for 300 ms.
 */
export function loadStudyModal(): Promise<StudyModalParts> {
  pending ??= Promise.all([
    import('../study-modal/study-modal'),
    import('../study-transfer/transfer-view'),
  ]).then(
    ([modal, transfer]) => {
      addBundledTranslations(modal.studyTranslations);
      return (loaded = { StudyModal: modal.StudyModal, TransferView: transfer.TransferView });
    },
    (error: unknown) => {
      // A failed download may be retried with the next click.
      pending = null;
      throw error;
    },
  );
  return pending;
}

/** The parts once loaded (null before the first study is opened). */
export const studyModalParts = (): StudyModalParts | null => loaded;
