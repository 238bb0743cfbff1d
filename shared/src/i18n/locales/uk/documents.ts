/** Contract and invoice documents: file names, refusals and the printed texts (uk). */
export const documents = {
  contract_file: 'Договір № {{number}}.docx',
  invoice_file: 'Рахунок № {{number}}.docx',
  contract_needs_full_name:
    'Договір не можна сформувати: ПІБ платника має складатися рівно з трьох слів (прізвище, ім’я, по батькові).',
  invoice_no_template: 'Для рахунку не вибрано шаблон, сформувати документ не можна.',
  file_type:
    'Файл має бути PDF, зображенням (JPEG, PNG, GIF, WebP, TIFF, HEIC), документом Word (.docx, .doc) або OpenDocument (.odt).',
  file_too_large: 'Файл завеликий: не більше {{max}} МБ.',
  no_signed_document: 'До договору не завантажено підписаний документ.',
  template_docx_only: 'Шаблон договору має бути документом Word (.docx).',
  template_invalid:
    'Не вдалося прочитати шаблон: перевірте, що кожне поле записано як {назва} у фігурних дужках.',
  template_unknown_placeholders:
    'У шаблоні є невідомі поля: {{names}}. Доступні поля перелічено в налаштуваннях, під списком шаблонів договорів.',
  no_template_docx: 'Для цього шаблону договору не завантажено файл .docx.',
  no_attachment: 'До рахунку не додано файл.',
  contract: {
    title: 'ДОГОВІР № {{number}}',
    subtitle: 'про надання освітніх послуг',
    offer_title: 'ЗАЯВА № {{number}}',
    offer_subtitle: 'про приєднання до публічної оферти',
    offer_text:
      'Замовник {{customer}} приєднується до публічної оферти {{executor}}, розміщеної за адресою {{url}}, і приймає її умови в цілому.',
    city_date: 'м. Київ, {{date}}',
    preamble:
      '{{executor}} (далі\u00a0— Виконавець), з одного боку, та {{customer}} (далі\u00a0— Замовник), з другого боку, уклали цей договір про таке:',
    subject_heading: '1. Предмет договору',
    subject:
      'Виконавець надає освітні послуги з дисципліни «{{discipline}}» {{pupil}} {{student}}{{classPart}}, у формі онлайн-занять, а Замовник оплачує їх на умовах цього договору.',
    schedule: 'Кількість занять: {{count}}, {{perWeek}} на тиждень.',
    price_heading: '2. Ціна та порядок оплати',
    price: 'Вартість одного заняття: {{price}} грн ({{words}}).',
    total: 'Загальна вартість послуг: {{total}} грн ({{words}}).',
    payment:
      'Замовник оплачує послуги авансом до початку занять на підставі рахунку Виконавця, перераховуючи кошти на рахунок Виконавця.',
    term_heading: '3. Строк дії',
    term_until: 'Договір набирає чинності з дати підписання і діє до {{date}}.',
    term_open: 'Договір набирає чинності з дати підписання і діє до повного виконання зобов’язань.',
    parties_heading: '4. Реквізити та підписи сторін',
    executor: 'Виконавець',
    customer: 'Замовник',
    student: 'Учень (учениця)',
    bank: 'Банк: {{bank}}',
    phone: 'Телефон: {{phone}}',
    email: 'Ел. пошта: {{email}}',
    signature: 'Підпис ____________________',
    pupil_male: 'учню',
    pupil_female: 'учениці',
    pupil_any: 'учню (учениці)',
    class_part: ', {{class}} клас',
    subject_general:
      'Виконавець надає освітні послуги (онлайн-заняття) {{pupil}} {{student}}{{classPart}}, а Замовник оплачує їх на умовах цього договору.',
  },
  invoice: {
    title: 'РАХУНОК НА ОПЛАТУ № {{number}}',
    date: 'від {{date}}',
    payee: 'Постачальник',
    payer: 'Платник',
    bank: 'Банк',
    basis: 'Підстава: договір № {{contract}} від {{date}}',
    col_no: '№',
    col_item: 'Найменування послуги',
    col_qty: 'Кількість',
    col_price: 'Ціна, грн',
    col_sum: 'Сума, грн',
    item: 'Освітні послуги (онлайн-заняття) за договором № {{contract}}',
    total: 'Разом до сплати: {{total}} грн',
    total_words: 'Сума прописом: {{words}}',
    no_vat: 'Без ПДВ.',
    signature: 'Виписав(ла) ____________________',
    instructions:
      'Отримувач: {{payee}}\nПризначення платежу: оплата за освітні послуги згідно з рахунком № {{number}}, договір № {{contract}}, платник {{payer}}\nСума: {{total}} грн ({{words}})',
  },
};
