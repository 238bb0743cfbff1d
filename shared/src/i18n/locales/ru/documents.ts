import type { Translation } from '../translation.types';

/** Contract and invoice documents: file names, refusals and the printed texts (ru). */
export const documents: Translation['documents'] = {
  contract_file: 'Договор № {{number}}.docx',
  invoice_file: 'Счёт № {{number}}.docx',
  contract_needs_full_name:
    'Договор нельзя сформировать: ФИО плательщика должно состоять ровно из трёх слов (фамилия, имя, отчество).',
  invoice_no_template: 'Для счёта не выбран шаблон, сформировать документ нельзя.',
  file_type:
    'Файл должен быть PDF, изображением (JPEG, PNG, GIF, WebP, TIFF, HEIC), документом Word (.docx, .doc) или OpenDocument (.odt).',
  file_too_large: 'Файл слишком большой: не более {{max}} МБ.',
  no_signed_document: 'К договору не загружен подписанный документ.',
  template_docx_only: 'Шаблон договора должен быть документом Word (.docx).',
  template_invalid:
    'Не удалось прочитать шаблон: проверьте, что каждое поле записано как {название} в фигурных скобках.',
  template_unknown_placeholders:
    'В шаблоне есть неизвестные поля: {{names}}. Доступные поля перечислены в настройках, под списком шаблонов договоров.',
  no_template_docx: 'Для этого шаблона договора не загружен файл .docx.',
  no_attachment: 'К счёту не приложен файл.',
  contract: {
    title: 'ДОГОВОР № {{number}}',
    subtitle: 'об оказании образовательных услуг',
    offer_title: 'ЗАЯВЛЕНИЕ № {{number}}',
    offer_subtitle: 'о присоединении к публичной оферте',
    offer_text:
      'Заказчик {{customer}} присоединяется к публичной оферте {{executor}}, размещённой по адресу {{url}}, и принимает её условия в целом.',
    city_date: 'г. Киев, {{date}}',
    preamble:
      '{{executor}} (далее\u00a0— Исполнитель), с одной стороны, и {{customer}} (далее\u00a0— Заказчик), с другой стороны, заключили настоящий договор о следующем:',
    subject_heading: '1. Предмет договора',
    subject:
      'Исполнитель оказывает образовательные услуги по дисциплине «{{discipline}}» {{pupil}} {{student}}{{classPart}}, в форме онлайн-занятий, а Заказчик оплачивает их на условиях настоящего договора.',
    schedule: 'Количество занятий: {{count}}, {{perWeek}} в неделю.',
    price_heading: '2. Цена и порядок оплаты',
    price: 'Стоимость одного занятия: {{price}} грн ({{words}}).',
    total: 'Общая стоимость услуг: {{total}} грн ({{words}}).',
    payment:
      'Заказчик оплачивает услуги авансом до начала занятий на основании счёта Исполнителя, перечисляя средства на счёт Исполнителя.',
    term_heading: '3. Срок действия',
    term_until: 'Договор вступает в силу с даты подписания и действует до {{date}}.',
    term_open: 'Договор вступает в силу с даты подписания и действует до полного исполнения обязательств.',
    parties_heading: '4. Реквизиты и подписи сторон',
    executor: 'Исполнитель',
    customer: 'Заказчик',
    student: 'Ученик (ученица)',
    bank: 'Банк: {{bank}}',
    phone: 'Телефон: {{phone}}',
    email: 'Эл. почта: {{email}}',
    signature: 'Подпись ____________________',
    pupil_male: 'ученику',
    pupil_female: 'ученице',
    pupil_any: 'ученику (ученице)',
    class_part: ', {{class}} класс',
    subject_general:
      'Исполнитель оказывает образовательные услуги (онлайн-занятия) {{pupil}} {{student}}{{classPart}}, а Заказчик оплачивает их на условиях настоящего договора.',
  },
  invoice: {
    title: 'СЧЁТ НА ОПЛАТУ № {{number}}',
    date: 'от {{date}}',
    payee: 'Поставщик',
    payer: 'Плательщик',
    bank: 'Банк',
    basis: 'Основание: договор № {{contract}} от {{date}}',
    col_no: '№',
    col_item: 'Наименование услуги',
    col_qty: 'Количество',
    col_price: 'Цена, грн',
    col_sum: 'Сумма, грн',
    item: 'Образовательные услуги (онлайн-занятия) по договору № {{contract}}',
    total: 'Итого к оплате: {{total}} грн',
    total_words: 'Сумма прописью: {{words}}',
    no_vat: 'Без НДС.',
    signature: 'Выписал(а) ____________________',
    instructions:
      'Получатель: {{payee}}\nНазначение платежа: оплата за образовательные услуги согласно счёту № {{number}}, договор № {{contract}}, плательщик {{payer}}\nСумма: {{total}} грн ({{words}})',
  },
};
