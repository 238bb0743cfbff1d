/** Server messages of the homework files (study tasks) and the study chat. */
export const homework = {
  file_too_large: 'Файл домашнього завдання не може бути більшим за {{maxKb}} КБ.',
  too_many_files: 'За один раз можна надіслати не більше {{max}} файлів.',
  file_type:
    'Файл «{{name}}» не приймається: дозволені документи та зображення (PDF, Word, Excel, PowerPoint, OpenDocument, RTF, TXT, CSV, JPG, PNG, GIF, WebP, HEIC, ZIP).',
  file_content: 'Вміст файлу «{{name}}» не відповідає його типу (.{{ext}}).',
  file_executable: 'Файл «{{name}}» є програмою: програми не приймаються.',
  archive_executable: 'Архів «{{name}}» містить програму ({{entry}}): програми не приймаються.',
  file_empty: 'Файл «{{name}}» порожній.',
  file_name: 'Назва файлу порожня або задовга (не більше {{max}} символів).',
  no_files: 'Виберіть файл домашнього завдання.',
  no_student: 'У цьому занятті немає учня, якому можна додати домашнє завдання.',
  student_required: 'Виберіть учня, для якого це домашнє завдання.',
  file_missing: 'Файл домашнього завдання більше не зберігається.',
};
