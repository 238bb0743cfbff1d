import { z } from 'zod';
import { issueMessage, issuePath, validationErrorMap, type ValidationMessage } from './messages';

/** The subset of i18next's `t` this module needs, so any i18next instance (or a stub) fits. */
export type Translate = (key: string, options?: Record<string, unknown>) => string;

export interface FieldIssue extends ValidationMessage {
  path: string;
}

export type ParseBodyResult<T> =
  { success: true; data: T } | { success: false; error: z.ZodError; issues: FieldIssue[] };

export function parseBody<S extends z.ZodType>(schema: S, input: unknown): ParseBodyResult<z.output<S>> {
  const result = schema.safeParse(input, { error: validationErrorMap });
  if (result.success) return { success: true, data: result.data };
  return { success: false, error: result.error, issues: fieldIssues(result.error) };
}

export function fieldIssues(error: z.ZodError): FieldIssue[] {
  return error.issues.map((issue) => ({ path: issuePath(issue), ...issueMessage(issue) }));
}

function isAttributeRef(value: unknown): value is { attribute: string } {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { attribute?: unknown }).attribute === 'string'
  );
}

/** `workperiods.0.start_time` → `start_time`: localized names are per field, not per position. */
function fieldName(path: string): string {
  const segments = path.split('.').filter((segment) => !/^\d+$/.test(segment));
  return segments[segments.length - 1] ?? path;
}

export function attributeName(field: string, t: Translate): string {
  const name = fieldName(field);
  return t(`attributes.${name}`, { defaultValue: name.replace(/_/g, ' ') });
}

/** Another field named inside a message, quoted the way the language quotes names. */
function quotedAttribute(field: string, t: Translate): string {
  return t('validations.attribute_ref', { name: attributeName(field, t) });
}

export function translateIssue(issue: FieldIssue, t: Translate): string {
  const params: Record<string, unknown> = { attribute: attributeName(issue.path, t) };
  for (const [name, value] of Object.entries(issue.params)) {
    if (!isAttributeRef(value)) params[name] = value;
    // A reference as the subject of the message replaces the field's own name, unquoted.
    else
      params[name] =
        name === 'attribute' ? attributeName(value.attribute, t) : quotedAttribute(value.attribute, t);
  }
  return t(issue.key, params);
}

/** Laravel-shaped `errors` object: dotted field path → translated messages, in issue order, no repeats. */
export function fieldErrors(error: z.ZodError | FieldIssue[], t: Translate): Record<string, string[]> {
  const issues = Array.isArray(error) ? error : fieldIssues(error);
  const errors: Record<string, string[]> = {};
  for (const issue of issues) {
    const message = translateIssue(issue, t);
    const messages = (errors[issue.path] ??= []);
    if (!messages.includes(message)) messages.push(message);
  }
  return errors;
}
