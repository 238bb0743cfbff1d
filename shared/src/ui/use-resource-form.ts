import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { createResourceApi, type ResourceQuery, type ResourceRow } from '@school/shared/api';
import { findResource, type ResourceName } from '@school/shared/resources';
import { fieldErrors, type FieldIssue } from '@school/shared/validation';
import { useApi } from './api-context';
import { changedValues, formFields, formIssues, formValuesFromRow, type FormMode } from './resource-form';
import { resourceRowKey } from './resource-list';
import { useFormSubmit } from './use-form-submit';

export interface ResourceFormOptions<R extends ResourceName> {
  /** Relations to load with the row and answer after the write. */
  query?: ResourceQuery;
  onSaved?: (row: ResourceRow<R>) => void;
}

export interface ResourceForm {
  mode: FormMode;
  /** The names the form edits (writable fields and relations of the registry). */
  fields: readonly string[];
  values: Readonly<Record<string, unknown>>;
  setValue(field: string, value: unknown): void;
  /** The field's first message: the client rule's, else the server's (422). */
  errorOf(field: string): string | undefined;
  formError: string | null;
  /** Loading the row to edit. */
  loading: boolean;
  loadError: unknown;
  dirty: boolean;
  submitting: boolean;
  onSubmit(event?: FormEvent): void;
}

/**
 * A create (id null) or update form over a registry resource: the row loaded through the cache,
 * the shared zod schema checked before sending, the server's field errors under the fields, only
 * changed values sent on update, the resource's lists refreshed after a save. Needs a
 * QueryClientProvider.
 */
export function useResourceForm<R extends ResourceName>(resource: R, id: number | null, options: ResourceFormOptions<R> = {}): ResourceForm {
  const { t } = useTranslation();
  const { client } = useApi();
  const queryClient = useQueryClient();
  const api = useMemo(() => createResourceApi(client), [client]);
  const def = findResource(resource);
  if (!def) throw new Error(`unknown resource ${resource}`);
  const mode: FormMode = id === null ? 'create' : 'update';
  const fields = useMemo(() => formFields(def, mode), [def, mode]);

  const row = useQuery({
    queryKey: resourceRowKey(resource, id ?? 0),
    queryFn: ({ signal }) => api.read(resource, id!, options.query, { signal }),
    enabled: id !== null,
  });
  const initial = useMemo(
    () => (row.data ? formValuesFromRow(def, row.data as Record<string, unknown>, mode) : {}),
    [def, row.data, mode],
  );
  const [edits, setEdits] = useState<Record<string, unknown>>({});
  const values = useMemo(() => ({ ...initial, ...edits }), [initial, edits]);
  const changed = useMemo(() => changedValues(initial, values), [initial, values]);
  // Issues, not sentences: the client messages follow a language switch.
  const [issues, setIssues] = useState<FieldIssue[]>([]);

  const form = useFormSubmit(async (body: Record<string, unknown>) => {
    const saved = id === null ? await api.create(resource, body, options.query) : await api.update(resource, id, body, options.query);
    setEdits({});
    await queryClient.invalidateQueries({ queryKey: ['resources', resource] });
    options.onSaved?.(saved);
  }, fields);

  const clientErrors = fieldErrors(issues, t);
  return {
    mode,
    fields,
    values,
    setValue(field, value) {
      setEdits((current) => ({ ...current, [field]: value }));
      setIssues((current) => current.filter((issue) => issue.path.split('.')[0] !== field));
    },
    errorOf: (field) => clientErrors[field]?.[0] ?? form.fieldErrors[field],
    formError: form.formError,
    loading: id !== null && row.isPending,
    loadError: row.error,
    dirty: Object.keys(changed).length > 0,
    submitting: form.submitting,
    onSubmit(event) {
      event?.preventDefault();
      const body = mode === 'create' ? values : changed;
      if (mode === 'update' && Object.keys(body).length === 0) return;
      const found = formIssues(def, mode, body, fields);
      setIssues(found);
      if (found.length === 0) void form.submit(body);
    },
  };
}
