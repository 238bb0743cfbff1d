import type { Translation } from '../translation.types';

export const homework: Translation['homework'] = {
  file_too_large: 'A homework file may be at most {{maxKb}} KB.',
  too_many_files: 'At most {{max}} files can be sent at once.',
  file_type:
    'The file "{{name}}" is not accepted: documents and images only (PDF, Word, Excel, PowerPoint, OpenDocument, RTF, TXT, CSV, JPG, PNG, GIF, WebP, HEIC, ZIP).',
  file_content: 'The content of "{{name}}" does not match its type (.{{ext}}).',
  file_executable: 'The file "{{name}}" is a program: programs are not accepted.',
  archive_executable: 'The archive "{{name}}" contains a program ({{entry}}): programs are not accepted.',
  file_empty: 'The file "{{name}}" is empty.',
  file_name: 'The file name is empty or too long (at most {{max}} characters).',
  no_files: 'Choose a homework file.',
  no_student: 'This study has no student to add homework for.',
  student_required: 'Choose the student this homework is for.',
  file_missing: 'The homework file is no longer stored.',
};
