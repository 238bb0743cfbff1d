/** The Administrator's feature flags in the staff settings (spec part 1 §4). */
export const featureFlags = {
  title: 'Функції школи',
  hint: 'Змінювати може лише адміністратор; зміна діє для всіх користувачів.',
  on: 'Увімкнено',
  off: 'Вимкнено',
  saved: 'Збережено: {{name}} — {{state}}',
  templates: {
    title: 'Шаблони договорів (.docx)',
    hint: 'Завантажте власний бланк договору у форматі .docx: договори за цим шаблоном завантажуватимуться заповненими. Без бланка друкується договір, який формує програма.',
    none: 'Бланк не завантажено',
    upload: 'Завантажити .docx',
    replace: 'Замінити',
    remove: 'Видалити бланк',
    uploaded: 'Бланк «{{name}}» збережено для шаблону «{{template}}»',
    removed: 'Бланк шаблону «{{template}}» видалено',
    placeholders: 'Поля, які можна вставити в бланк',
  },
  names: {
    recordings_uploader_enabled: 'Окремий сервіс завантаження записів',
    student_payments_enabled: 'Онлайн-оплата учнями',
  },
  descriptions: {
    recordings_uploader_enabled:
      'Записи занять надсилаються до сервісу завантаження, а не до API. Вмикайте, лише коли сервіс запущено.',
    student_payments_enabled:
      'Учні можуть самі оплачувати свої рахунки онлайн (кнопка «Оплатити» на сторінці «Оплати»).',
  },
};
