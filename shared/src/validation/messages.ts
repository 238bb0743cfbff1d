import type { z } from 'zod';

/** A validation message before translation: an i18n key plus its params. */
export interface ValidationMessage {
  key: string;
  params: Record<string, unknown>;
}

type Issue = z.core.$ZodIssue;
type RawIssue = z.core.$ZodRawIssue;

const KEY = /^[a-z][A-Za-z0-9_]*(\.[A-Za-z0-9_]+)+$/;

const SIZE_SUFFIX: Record<string, string> = {
  string: 'string',
  number: 'numeric',
  int: 'numeric',
  bigint: 'numeric',
  array: 'array',
  set: 'array',
  file: 'file',
};

const TYPE_RULE: Record<string, string> = {
  string: 'string',
  number: 'numeric',
  int: 'integer',
  bigint: 'integer',
  boolean: 'boolean',
  array: 'array',
  date: 'date',
  file: 'file',
};

export function isMessageKey(message: string | undefined): message is string {
  return message !== undefined && KEY.test(message);
}

/** Missing input: known exactly on raw issues, read from zod's default text once finalised. */
function isMissing(issue: Issue | RawIssue): boolean {
  if ('input' in issue && issue.input !== undefined) return issue.input === null;
  if ('input' in issue) return true;
  return / received (undefined|null)$/.test(issue.message ?? '');
}

/** The Laravel rule key for a zod issue zod raised itself (not one of our refinements). */
export function ruleKey(issue: Issue | RawIssue): string {
  switch (issue.code) {
    case 'invalid_type':
      if (isMissing(issue)) return 'validations.required';
      return `validations.${TYPE_RULE[String(issue.expected)] ?? 'invalid'}`;
    case 'too_small':
      // Laravel's `required` is what fails on an empty list.
      if (issue.origin === 'array' && Number(issue.minimum) === 1) return 'validations.required';
      return `validations.min.${SIZE_SUFFIX[String(issue.origin)] ?? 'numeric'}`;
    case 'too_big':
      return `validations.max.${SIZE_SUFFIX[String(issue.origin)] ?? 'numeric'}`;
    case 'invalid_format':
      return issue.format === 'email' ? 'validations.email' : 'validations.regex';
    case 'invalid_value':
      return isMissing(issue) ? 'validations.required' : 'validations.in';
    case 'not_multiple_of':
      return 'validations.numeric';
    default:
      return 'validations.invalid';
  }
}

/**
 * Per-parse error map: every issue without an explicit key becomes one.
 * Pass it as `schema.safeParse(input, { error: validationErrorMap })` (parseBody does).
 */
export function validationErrorMap(issue: RawIssue): string {
  return ruleKey(issue);
}

function paramsOf(issue: Issue): Record<string, unknown> {
  switch (issue.code) {
    case 'too_small':
      return { min: issue.minimum };
    case 'too_big':
      return { max: issue.maximum };
    case 'invalid_value':
      return { values: issue.values.join(', ') };
    case 'custom':
      return { ...(issue.params ?? {}) };
    default:
      return {};
  }
}

export function issueMessage(issue: Issue): ValidationMessage {
  return {
    key: isMessageKey(issue.message) ? issue.message : ruleKey(issue),
    params: paramsOf(issue),
  };
}

/** `['workperiods', 0, 'start_time']` → `'workperiods.0.start_time'`. */
export function issuePath(issue: Pick<Issue, 'path'>): string {
  return issue.path.map(String).join('.');
}
