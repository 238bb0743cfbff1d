/** The admin forms' dialog (every form: study, user, contract…). */
export const adminForms = {
  discardQuestion: 'Close the form? Unsaved changes will be lost.',
  discard: 'Close without saving',
  keepEditing: 'Back to the form',
  /** The submit button of every form in create mode. */
  create: 'Create',
};
