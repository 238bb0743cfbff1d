import { useMemo } from 'react';
import { findResource } from '@school/shared/resources';
import { presetsFromQuery, readFormLink, useRouter } from '@school/shared/ui';
import { STUDY_PRESET_TYPES } from './study-form.mapper';
import { StudyFormDialog } from './study-form-dialog';

export const STUDIES_PAGE = '/admin/studies';

/** The page a form dialog was opened over (history state), so closing it goes back there. */
export interface FormBackground {
  background: string;
}

export function backgroundOf(state: unknown): string | null {
  const background = (state as Partial<FormBackground> | null)?.background;
  return typeof background === 'string' && background.startsWith('/') ? background : null;
}

/**
 * `/admin/studies?create&…` and `?edit=<id>` (spec part 1 §2 query conventions): the study form
 * in a dialog, over the page it was opened from (the calendar) or over the studies page. Closing
 * goes back to that page.
 */
export function StudyFormRoute() {
  const { query, state, navigate } = useRouter();
  const search = query.toString();
  const link = useMemo(() => readFormLink(new URLSearchParams(search)), [search]);
  const presets = useMemo(
    () => (link?.mode === 'create' ? presetsFromQuery(findResource('studies')!, link.params, STUDY_PRESET_TYPES) : undefined),
    [link],
  );
  if (!link) return null;
  const onClose = () => navigate(backgroundOf(state) ?? STUDIES_PAGE, { replace: true });
  return (
    <StudyFormDialog
      key={search}
      studyId={link.mode === 'update' ? link.id : null}
      presets={presets}
      onClose={onClose}
    />
  );
}
