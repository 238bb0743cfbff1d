/** The admin forms' dialog (every form: study, user, contract…). */
export const adminForms = {
  discardQuestion: 'Закрити форму? Незбережені зміни буде втрачено.',
  discard: 'Закрити без збереження',
  keepEditing: 'Повернутися до форми',
  /** The submit button of every form in create mode. */
  create: 'Створити',
};
