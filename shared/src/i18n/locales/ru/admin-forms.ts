/** The admin forms' dialog (every form: study, user, contract…). */
export const adminForms = {
  discardQuestion: 'Закрыть форму? Несохранённые изменения будут потеряны.',
  discard: 'Закрыть без сохранения',
  keepEditing: 'Вернуться к форме',
  /** The submit button of every form in create mode. */
  create: 'Создать',
};
