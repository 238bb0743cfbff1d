import { useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { fieldErrors, parseBody, type FieldIssue } from '@school/shared/validation';
import { useFormSubmit } from '../use-form-submit';

export type GeneratorValues = Readonly<Record<string, unknown>>;

export interface GeneratorForm {
  values: GeneratorValues;
  setValue(field: string, value: unknown): void;
  /** The client rule's message (follows a language switch), else the server's 422 one. */
  errorOf(field: string): string | undefined;
  formError: string | null;
  submitting: boolean;
  onSubmit(event?: FormEvent): void;
}

/**
 * A document generator's form (spec part 2 §2 "Document generators", §5, §7): the shared schema
 * the server validates with is checked first, so messages appear under the fields before any
 * request; what the server still refuses (422) lands on the same fields. `send` posts the values
 * and saves the answer; it is the only part the two apps would do differently.
 */
export function useGeneratorForm(
  schema: z.ZodType,
  fields: readonly string[],
  initial: GeneratorValues,
  send: (body: GeneratorValues) => Promise<void>,
  /** What is checked and sent for the form's values (a money input's minor units as UAH). */
  toBody: (values: GeneratorValues) => GeneratorValues = (values) => values,
): GeneratorForm {
  const { t } = useTranslation();
  const [values, setValues] = useState<GeneratorValues>(initial);
  // Issues, not sentences: the messages follow a language switch.
  const [issues, setIssues] = useState<FieldIssue[]>([]);
  const [changedSinceSubmit, setChangedSinceSubmit] = useState<ReadonlySet<string>>(new Set());
  const form = useFormSubmit(send, fields);
  const clientErrors = useMemo(() => fieldErrors(issues, t), [issues, t]);
  return {
    values,
    setValue(field, value) {
      setValues((current) => ({ ...current, [field]: value }));
      setIssues((current) => current.filter((issue) => issue.path.split('.')[0] !== field));
      setChangedSinceSubmit((current) => new Set([...current, field]));
    },
    errorOf: (field) =>
      clientErrors[field]?.[0] ?? (changedSinceSubmit.has(field) ? undefined : form.fieldErrors[field]),
    formError: form.formError,
    submitting: form.submitting,
    onSubmit(event) {
      event?.preventDefault();
      const body = toBody(values);
      const parsed = parseBody(schema, body);
      setIssues(parsed.success ? [] : parsed.issues);
      setChangedSinceSubmit(new Set());
      // The body goes as typed, not as parsed: the server parses the same way and answers 422 itself.
      if (parsed.success) void form.submit(body);
    },
  };
}
