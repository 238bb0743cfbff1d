import type { Translation } from '../translation.types';

export const homework: Translation['homework'] = {
  file_too_large: 'Файл домашнего задания не может быть больше {{maxKb}} КБ.',
  too_many_files: 'За один раз можно отправить не более {{max}} файлов.',
  file_type:
    'Файл «{{name}}» не принимается: разрешены документы и изображения (PDF, Word, Excel, PowerPoint, OpenDocument, RTF, TXT, CSV, JPG, PNG, GIF, WebP, HEIC, ZIP).',
  file_content: 'Содержимое файла «{{name}}» не соответствует его типу (.{{ext}}).',
  file_executable: 'Файл «{{name}}» является программой: программы не принимаются.',
  archive_executable: 'Архив «{{name}}» содержит программу ({{entry}}): программы не принимаются.',
  file_empty: 'Файл «{{name}}» пустой.',
  file_name: 'Название файла пустое или слишком длинное (не более {{max}} символов).',
  no_files: 'Выберите файл домашнего задания.',
  no_student: 'В этом занятии нет ученика, которому можно добавить домашнее задание.',
  student_required: 'Выберите ученика, для которого это домашнее задание.',
  file_missing: 'Файл домашнего задания больше не хранится.',
};
