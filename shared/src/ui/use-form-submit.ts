import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorToToast, isApiError } from '@school/shared/api';

export interface FormSubmitState<T> {
  submit(values: T): Promise<boolean>;
  submitting: boolean;
  /** First server message per field (spec part 2 §4: field errors go onto matching fields). */
  fieldErrors: Record<string, string>;
  /** A message for the whole form: errors of fields the form does not show, or any other error. */
  formError: string | null;
}

const NO_ERRORS: Record<string, string> = {};

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
        const byField = isApiError(error) ? error.firstFieldErrors() : {};
        const shown = Object.fromEntries(Object.entries(byField).filter(([field]) => shownFields.includes(field)));
        const hidden = Object.entries(byField).filter(([field]) => !shownFields.includes(field));
        setFieldErrors(shown);
        if (Object.keys(shown).length === 0 || hidden.length > 0) {
          if (hidden.length > 0) setFormError(hidden.map(([, message]) => message).join('\n'));
          else {
            const result = errorToToast(isApiError(error) ? error.body : undefined, t);
            setFormError(result.kind === 'toast' ? result.message : null);
          }
        }
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
