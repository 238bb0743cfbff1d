import ExcelJS from 'exceljs';
import iconv from 'iconv-lite';

/**
 * The spreadsheets the import e2e brings in (issue 31), made as a school's tools make them: a
 * Windows-1251 semicolon CSV saved by Excel in Ukrainian, an .xlsx with real date cells, and a big
 * school's UTF-8 CSV. The written rows each file should give are next to its cells.
 */

/** responsible_types ids (migration 001): Mom 1, Dad 2, Son 3, Daughter 4. */
export function typeId(name: 'Mom' | 'Dad' | 'Son' | 'Daughter'): number {
  return { Mom: 1, Dad: 2, Son: 3, Daughter: 4 }[name];
}

export const STUDENT_HEADERS = [
  'Прізвище',
  "Ім'я",
  'По батькові',
  'Email',
  'Син/донька',
  'Дата народження',
  // Not in the dictionary: mapped by hand to the phone.
  'Мобільний учня',
  'Прізвище батька',
  "Ім'я батька",
  'Email батька',
  'Телефон батька',
  'Ким доводиться батька',
  // Not in the dictionary either: left out of the import.
  'Примітка',
];

/** The school's students as its old spreadsheet has them (phones as people type them). */
export const STUDENTS = [
  {
    cells: [
      'Шевченко',
      'Тарас',
      'Григорович',
      'taras.shevchenko@import.example',
      'син',
      '09.03.2012',
      '+38 (067) 123-45-67',
      'Шевченко',
      'Григорій',
      'grygorii.shevchenko@import.example',
      '067 765 43 21',
      'тато',
      'з вересня',
    ],
    student: {
      surname: 'Шевченко',
      firstname: 'Тарас',
      patronymic: 'Григорович',
      birthdate: '2012-03-09',
      phone: '380671234567',
      type: typeId('Son'),
    },
    parent: {
      email: 'grygorii.shevchenko@import.example',
      surname: 'Шевченко',
      firstname: 'Григорій',
      phone: '380677654321',
      type: typeId('Dad'),
    },
  },
  {
    cells: [
      'Косач',
      'Лариса',
      'Петрівна',
      'larysa.kosach@import.example',
      'донька',
      '25.02.2013',
      '050 111 22 33',
      'Косач',
      'Олена',
      'olena.kosach@import.example',
      '0502223344',
      'мама',
      '',
    ],
    student: {
      surname: 'Косач',
      firstname: 'Лариса',
      patronymic: 'Петрівна',
      birthdate: '2013-02-25',
      phone: '380501112233',
      type: typeId('Daughter'),
    },
    parent: {
      email: 'olena.kosach@import.example',
      surname: 'Косач',
      firstname: 'Олена',
      phone: '380502223344',
      type: typeId('Mom'),
    },
  },
  {
    cells: [
      'Франко',
      'Іван',
      'Якович',
      'ivan.franko@import.example',
      'син',
      '27.08.2011',
      '380931234567',
      'Франко',
      'Марія',
      'mariia.franko@import.example',
      '+380 93 765 43 21',
      'мама',
      "Мар'яна — сестра",
    ],
    student: {
      surname: 'Франко',
      firstname: 'Іван',
      patronymic: 'Якович',
      birthdate: '2011-08-27',
      phone: '380931234567',
      type: typeId('Son'),
    },
    parent: {
      email: 'mariia.franko@import.example',
      surname: 'Франко',
      firstname: 'Марія',
      phone: '380937654321',
      type: typeId('Mom'),
    },
  },
];
/** The one bad row (file row 4, between good ones): an address with nothing after the @. */
export const BAD_EMAIL = 'mykhailo.kotsiubynskyi@';
export const BAD_CELLS = [
  'Коцюбинський',
  'Михайло',
  'Михайлович',
  BAD_EMAIL,
  'син',
  '17.09.2012',
  '0671112233',
  'Коцюбинська',
  'Віра',
  'vira.kotsiubynska@import.example',
  '0674445566',
  'мама',
  '',
];

/** Saved by Excel in Ukrainian Windows: CP1251, semicolons, CRLF. */
export function studentsCsv(): Buffer {
  // File rows: 2 Шевченко, 3 Косач, 4 the bad one, 5 Франко.
  const lines = [STUDENT_HEADERS, STUDENTS[0].cells, STUDENTS[1].cells, BAD_CELLS, STUDENTS[2].cells];
  return iconv.encode(`${lines.map((cells) => cells.join(';')).join('\r\n')}\r\n`, 'win1251');
}

/** A big school's file (UTF-8 this time): only the columns a student needs. */
export function manyStudentsCsv(count: number): Buffer {
  const lines = ["Прізвище;Ім'я;Email;Син/донька"];
  for (let i = 1; i <= count; i += 1)
    lines.push(`Учень;Номер ${i};pupil.${i}@bulk.example;${i % 2 ? 'син' : 'донька'}`);
  return Buffer.from(lines.join('\n'), 'utf8');
}

export const TEACHERS = [
  {
    surname: 'Сковорода',
    firstname: 'Григорій',
    patronymic: 'Савич',
    email: 'hryhorii.skovoroda@import.example',
    priority: 1,
    sexWord: 'чоловіча',
    sex: 1,
    birthdate: new Date(Date.UTC(1990, 11, 3)),
    iso: '1990-12-03',
  },
  {
    surname: 'Вовчок',
    firstname: 'Марко',
    patronymic: null,
    email: 'marko.vovchok@import.example',
    priority: 2,
    sexWord: 'жіноча',
    sex: 2,
    birthdate: new Date(Date.UTC(1993, 11, 22)),
    iso: '1993-12-22',
  },
];

/** Made in Excel: a real date cell, numbers as numbers. */
export async function teachersXlsx(file: string): Promise<void> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Викладачі');
  sheet.addRow([
    'Прізвище',
    "Ім'я",
    'По батькові',
    'Email',
    'Менеджер',
    'Пріоритет',
    'Стать',
    'Дата народження',
  ]);
  for (const t of TEACHERS) {
    sheet.addRow([
      t.surname,
      t.firstname,
      t.patronymic,
      t.email,
      'manager@example.com',
      t.priority,
      t.sexWord,
      t.birthdate,
    ]);
  }
  sheet.getColumn(8).numFmt = 'dd.mm.yyyy';
  await workbook.xlsx.writeFile(file);
}
