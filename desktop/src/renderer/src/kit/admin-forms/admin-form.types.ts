import type { ComponentType } from 'react';
import type { QueryKey } from '@tanstack/react-query';
import type { ResourceName } from '@school/shared/resources';
import type { FormMode, FormValues, PresetType } from '@school/shared/ui';

/**
 * What every admin form offers its dialog (the study form is the model): the row it edits or
 * null for a new one, a `?create` link's presets, and the three moments the dialog reacts to.
 */
export interface AdminFormProps {
  /** null: a new row. */
  id: number | null;
  /** A `?create` link's presets (presetsFromQuery). */
  presets?: FormValues;
  onSaved(row: unknown, mode: FormMode): void;
  /** Cancel was pressed; `dirty` says whether there is something to lose. */
  onCancel(dirty: boolean): void;
  onDirtyChange?(dirty: boolean): void;
}

/** Translation keys of one form's dialog: titles ({{id}} in the edit title) and the save toasts. */
export interface AdminFormTexts {
  createTitle: string;
  editTitle: string;
  created: string;
  saved: string;
}

/**
 * One admin page's form, opened by its deep links (`?create&…`, `?edit=<id>`, spec part 1 §2)
 * over the page, the admin table's Add and pencil buttons, or another page (the calendar).
 */
export interface AdminFormDefinition {
  resource: ResourceName;
  /** The admin page the form belongs to (`/admin/users`). */
  pagePath: string;
  Form: ComponentType<AdminFormProps>;
  texts: AdminFormTexts;
  /** Types of `?create` parameters the registry does not type (form-only fields). */
  presetTypes?: Readonly<Record<string, PresetType>>;
  /** Besides the resource's own lists (`['resources', resource]`), what a save makes stale. */
  invalidates?: readonly QueryKey[];
  /** Extra class of the dialog (its width). */
  className?: string;
}
