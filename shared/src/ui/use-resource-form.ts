import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { createResourceApi, type ResourceQuery, type ResourceRow } from '@school/shared/api';
import { findResource, type ResourceName } from '@school/shared/resources';
import { fieldErrors, type FieldIssue } from '@school/shared/validation';
import { useApi } from './api-context';
import {
  changedValues,
  formFields,
  formIssues,
  formValuesFromRow,
  hasFileValue,
  multipartBody,
  type FormMode,
  type FormValues,
} from './resource-form';
import { resourceRowKey } from './resource-list';
import { useFormSubmit } from './use-form-submit';

/**
 * `V`: the form's values, as its `fromRow` makes them (the registry row's fields when it has none);
 * `toBody`, `validate` and the form's `values` share it, so form code reads typed values.
 */
export interface ResourceFormOptions<R extends ResourceName, V extends FormValues = FormValues> {
  /** Relations to load with the row and answer after the write. */
  query?: ResourceQuery;
  onSaved?: (row: ResourceRow<R>) => void;
  /** Starting values of a create form over the defaults (a `?create` link's presets). */
  presets?: FormValues;
  /** Names the form edits beyond the registry's writable ones (fields of a command's schema). */
  extraFields?: readonly string[];
  /** The form's values for a stored row, when the form's model is not the row's. */
  fromRow?: (row: Readonly<Record<string, unknown>>, mode: FormMode) => V;
  /**
   * The write's body for the form's values (a picker's parts as one ISO moment, a list of
   * choices as ids). An update sends what differs between the bodies of the stored and the
   * edited values.
   */
  toBody?: (values: V, context: { mode: FormMode; initial: V }) => Record<string, unknown>;
  /** Rules of the form itself, checked before the shared schema (a date-time picker's format). */
  validate?: (values: V, context: { mode: FormMode; initial: V }) => FieldIssue[];
  /**
   * `post`: an update is POST /api/{resource}/{id} with `_method=patch` (spec part 2 §7, "Generic
   * form submit"); `patch` (default): PATCH.
   */
  updateMethod?: 'patch' | 'post';
  /**
   * What an update sends, from what changed and the whole body (default: what changed). A command
   * that needs the whole form when some fields change (a package's plan) says so here.
   */
  updateBody?: (changed: Record<string, unknown>, whole: Record<string, unknown>) => Record<string, unknown>;
  /**
   * `validate` is the whole client check: the registry's schema is not run (a form whose rules
   * depend on its own choices, such as the contract template's, checks with the schema built for them).
   */
  ownSchemaOnly?: boolean;
}

export interface ResourceForm<V extends FormValues = FormValues> {
  mode: FormMode;
  /** The names the form edits (writable fields and relations of the registry, plus extra fields). */
  fields: readonly string[];
  values: Readonly<V>;
  /** The values the form started from (the stored row, or defaults and presets). */
  initial: Readonly<V>;
  /** The stored row as read (with the query's relations); undefined for a new one or until loaded. */
  stored: Readonly<Record<string, unknown>> | undefined;
  setValue(field: string, value: unknown): void;
  /** Several fields at once (a choice that changes others). */
  setValues(values: Readonly<Record<string, unknown>>): void;
  /**
   * The field's first message: the client rule's (also of its parts, `start.time`, or of a row,
   * `phones.1`), else the server's (422), also of its parts.
   */
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
export function useResourceForm<R extends ResourceName, V extends FormValues = FormValues>(
  resource: R,
  id: number | null,
  options: ResourceFormOptions<R, V> = {},
): ResourceForm<V> {
  const { t } = useTranslation();
  const { client } = useApi();
  const queryClient = useQueryClient();
  const api = useMemo(() => createResourceApi(client), [client]);
  const def = findResource(resource);
  if (!def) throw new Error(`unknown resource ${resource}`);
  const mode: FormMode = id === null ? 'create' : 'update';
  const { extraFields, fromRow, presets, toBody, validate, updateMethod = 'patch' } = options;
  const fields = useMemo(() => [...formFields(def, mode), ...(extraFields ?? [])], [def, mode, extraFields]);

  const row = useQuery({
    queryKey: [...resourceRowKey(resource, id ?? 0), options.query ?? null],
    queryFn: ({ signal }) => api.read(resource, id!, options.query, { signal }),
    enabled: id !== null,
  });
  // Presets (a link's query) and a registry row are untyped: a form that has a model makes its
  // values with fromRow; one without one is typed as the row's fields (V's default).
  const initial = useMemo((): V => {
    if (mode === 'create') return (fromRow ? { ...fromRow({}, mode), ...presets } : { ...presets }) as V;
    if (!row.data) return {} as V;
    const stored = row.data as Record<string, unknown>;
    return fromRow ? fromRow(stored, mode) : (formValuesFromRow(def, stored, mode) as V);
  }, [def, row.data, mode, fromRow, presets]);
  const [edits, setEdits] = useState<Record<string, unknown>>({});
  const values = useMemo((): V => ({ ...initial, ...edits }), [initial, edits]);
  const bodyOf = (of: V) => (toBody ? toBody(of, { mode, initial }) : { ...of });
  const body = bodyOf(values);
  const changed = changedValues(bodyOf(initial), body);
  // Issues, not sentences: the client messages follow a language switch.
  const [issues, setIssues] = useState<FieldIssue[]>([]);
  // A server message is about the value that was sent: a field changed since then drops it.
  const [changedSinceSubmit, setChangedSinceSubmit] = useState<ReadonlySet<string>>(new Set());

  const form = useFormSubmit(async (sent: Record<string, unknown>) => {
    // A body with a file goes as multipart (the resource's documents), always POST with _method.
    const multipart = hasFileValue(sent);
    const payload = (body: Record<string, unknown>) => (multipart ? multipartBody(body) : body);
    const saved =
      id === null
        ? await api.create(resource, payload(sent) as never, options.query)
        : updateMethod === 'post' || multipart
          ? await client
              .post<{ data: ResourceRow<R> }>(
                api.path(resource, id),
                payload({ _method: 'patch', ...sent }),
                { query: options.query as never },
              )
              .then((answer) => answer.data)
          : await api.update(resource, id, sent, options.query);
    setEdits({});
    await queryClient.invalidateQueries({ queryKey: ['resources', resource] });
    options.onSaved?.(saved as ResourceRow<R>);
  }, fields);

  const clientErrors = fieldErrors(issues, t);
  const clientErrorOf = (field: string) => {
    const own = clientErrors[field]?.[0];
    if (own) return own;
    const part = Object.keys(clientErrors).find((path) => path.startsWith(`${field}.`));
    return part ? clientErrors[part][0] : undefined;
  };
  // A server message goes once its field is changed: it was about the value that was sent.
  const serverErrorOf = (field: string) => {
    if (changedSinceSubmit.has(field.split('.')[0])) return undefined;
    const part = Object.keys(form.fieldErrors).find((path) => path.startsWith(`${field}.`));
    return form.fieldErrors[field] ?? (part ? form.fieldErrors[part] : undefined);
  };
  const clearIssues = (names: readonly string[]) => {
    setIssues((current) => current.filter((issue) => !names.includes(issue.path.split('.')[0])));
    setChangedSinceSubmit((current) => new Set([...current, ...names]));
  };
  return {
    mode,
    fields,
    values,
    initial,
    stored: row.data as Readonly<Record<string, unknown>> | undefined,
    setValue(field, value) {
      setEdits((current) => ({ ...current, [field]: value }));
      clearIssues([field]);
    },
    setValues(next) {
      setEdits((current) => ({ ...current, ...next }));
      clearIssues(Object.keys(next));
    },
    errorOf: (field) => clientErrorOf(field) ?? serverErrorOf(field),
    formError: form.formError,
    loading: id !== null && row.isPending,
    loadError: row.error,
    dirty: Object.keys(changed).length > 0,
    submitting: form.submitting,
    onSubmit(event) {
      event?.preventDefault();
      const sent =
        mode === 'create' ? body : options.updateBody ? options.updateBody(changed, body) : changed;
      if (mode === 'update' && Object.keys(sent).length === 0) return;
      // A field the form's own rules refused is not checked again in its sent shape.
      const own = validate?.(values, { mode, initial }) ?? [];
      const refused = new Set(own.map((issue) => issue.path.split('.')[0]));
      const registry = options.ownSchemaOnly
        ? []
        : formIssues(def, mode, sent, fields).filter((issue) => !refused.has(issue.path.split('.')[0]));
      const found = [...own, ...registry];
      setIssues(found);
      setChangedSinceSubmit(new Set());
      if (found.length === 0) void form.submit(sent);
    },
  };
}
