import type { Translation } from '../translation.types';

/** Spreadsheet imports (issue 31): file and row errors, the error report's columns. */
export const imports: Translation['imports'] = {
  errors: {
    file_required: 'Выберите файл .xlsx или .csv.',
    file_too_large: 'Файл больше {{max}} МБ.',
    not_spreadsheet: 'Это не таблица: загрузите файл .xlsx или .csv.',
    old_excel: 'Старый формат Excel (.xls) не поддерживается: сохраните файл как .xlsx.',
    no_header: 'В файле нет строки с заголовками столбцов.',
    too_many_rows: 'В файле больше {{max}} строк.',
    bad_mapping: 'Соответствие столбцов должно быть объектом JSON: заголовок → поле или null.',
    not_previewed: 'Этот импорт уже запущен или завершён.',
    not_cancellable: 'Этот импорт уже завершён.',
    failed: 'Импорт не удался, база данных не изменена.',
    column_missing: 'В файле нет столбца для этого поля.',
    duplicate_email: 'Email {{email}} уже есть в строке {{row}} этого файла.',
    email_other_role: 'Email {{email}} принадлежит пользователю с другой ролью.',
    student_missing: 'Ученика с email {{email}} нет ни в школе, ни в этой строке (нужно имя).',
    student_unknown: 'Ученика с email {{email}} в школе нет.',
    payer_unknown: 'Плательщика с email {{email}} в школе нет.',
    manager_unknown: 'Менеджера с email {{email}} в школе нет.',
    teacher_unknown: 'Преподавателя с email {{email}} в школе нет.',
    contract_unknown: 'Договора № {{number}} в школе нет.',
    template_unknown: 'Шаблона договора «{{name}}» нет.',
    study_type_unknown: 'Типа занятий «{{name}}» нет.',
    bad_amount: 'Сумма должна быть числом, например 1 234,50.',
    bad_schedule: 'Расписание пишите так: «пн 10:00, ср 15:30».',
  },
  report: {
    row: 'Строка',
    errors: 'Ошибки',
  },
};
