import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorToToast, isApiError, type TranslateFn } from '@school/shared/api';

export interface FormSubmitState<T> {
  submit(values: T): Promise<boolean>;
  submitting: boolean;
  /** First server message per field (spec part 2 §4: field errors go onto matching fields). */
  fieldErrors: Record<string, string>;
  /** A message for the whole form: errors of fields the form does not show, or any other error. */
  formError: string | null;
}

const NO_ERRORS: Record<string, string> = {};

/**
 * Where a failed submit's messages go: the server's field errors (422) under the fields the form
 * shows; errors of other fields, or any other failure, as one message above the form. `Unauthenticated.`
 * gives no message: the page reloads (spec part 1 §8).
 */
export function submitErrorState(
  error: unknown,
  shownFields: readonly string[],
  t: TranslateFn,
): { fieldErrors: Record<string, string>; formError: string | null } {
  const byField = isApiError(error) ? error.firstFieldErrors() : {};
  // A row's field (`phones.0.phone`) belongs to the list the form shows (`phones`).
  const shown = (field: string) => shownFields.includes(field) || shownFields.includes(field.split('.')[0]);
  const fieldErrors = Object.fromEntries(Object.entries(byField).filter(([field]) => shown(field)));
  const hidden = Object.entries(byField).filter(([field]) => !shown(field));
  if (hidden.length > 0) return { fieldErrors, formError: hidden.map(([, message]) => message).join('\n') };
  if (Object.keys(fieldErrors).length > 0) return { fieldErrors, formError: null };
  const result = errorToToast(isApiError(error) ? error.body : undefined, t);
  return { fieldErrors, formError: result.kind === 'toast' ? result.message : null };
}

export function useFormSubmit<T>(
  action: (values: T) => Promise<void>,
  shownFields: readonly string[],
): FormSubmitState<T> {
  const { t, i18n } = useTranslation();
  const [submitting, setSubmitting] = useState(false);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  // Server messages come in the language of the request: after a language switch they would stay
  // in the old one next to translated labels, so they are dropped until the next submit.
  const [errorsLanguage, setErrorsLanguage] = useState(i18n.language);
  const current = errorsLanguage === i18n.language;

  const submit = useCallback(
    async (values: T) => {
      setSubmitting(true);
      setFieldErrors({});
      setFormError(null);
      setErrorsLanguage(i18n.language);
      try {
        await action(values);
        return true;
      } catch (error) {
        const state = submitErrorState(error, shownFields, t);
        setFieldErrors(state.fieldErrors);
        setFormError(state.formError);
        return false;
      } finally {
        setSubmitting(false);
      }
    },
    [action, shownFields, t, i18n],
  );

  return {
    submit,
    submitting,
    fieldErrors: current ? fieldErrors : NO_ERRORS,
    formError: current ? formError : null,
  };
}
