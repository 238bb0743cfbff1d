import { useMemo } from 'react';
import { findResource } from '@school/shared/resources';
import { presetsFromQuery, readFormLink, useRouter } from '@school/shared/ui';
import { AdminFormDialog } from './admin-form-dialog';
import type { AdminFormDefinition } from './admin-form.types';

/** The page a form dialog was opened over (history state), so closing it goes back there. */
export interface FormBackground {
  background: string;
}

export function backgroundOf(state: unknown): string | null {
  const background = (state as Partial<FormBackground> | null)?.background;
  return typeof background === 'string' && background.startsWith('/') ? background : null;
}

/**
 * `{page}?create&…` and `{page}?edit=<id>` (spec part 1 §2 query conventions): the page's form in
 * a dialog over the page it was opened from, or over its own page. Closing goes back there,
 * keeping the page's own query (filters, page) when the form was opened from the table.
 */
export function AdminFormRoute({ definition }: { definition: AdminFormDefinition }) {
  const { query, state, navigate } = useRouter();
  const search = query.toString();
  const link = useMemo(() => readFormLink(new URLSearchParams(search)), [search]);
  const presets = useMemo(
    () =>
      link?.mode === 'create'
        ? presetsFromQuery(findResource(definition.resource)!, link.params, definition.presetTypes)
        : undefined,
    [link, definition],
  );
  if (!link) return null;
  const onClose = () => navigate(backgroundOf(state) ?? definition.pagePath, { replace: true });
  return (
    <AdminFormDialog
      key={search}
      definition={definition}
      id={link.mode === 'update' ? link.id : null}
      presets={presets}
      onClose={onClose}
    />
  );
}

/** The overlay component of an admin route (app-routes' `overlay`). */
export function adminFormOverlay(definition: AdminFormDefinition) {
  const Overlay = () => <AdminFormRoute definition={definition} />;
  Overlay.displayName = `AdminFormRoute(${definition.resource})`;
  return Overlay;
}
