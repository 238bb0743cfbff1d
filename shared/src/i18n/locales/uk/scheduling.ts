/** Scheduling, transfer and study date changes (spec part 1 §4, part 2 §4, §7, §8). */
export const scheduling = {
  transfer: {
    not_single_student: 'Перенести можна лише заняття з одним учнем.',
    study_not_after_today: 'Перенести можна лише заняття, яке починається не раніше завтрашнього дня.',
    too_late: 'Заняття можна перенести не пізніше ніж за добу до його початку.',
    slot_not_after_today: 'Новий час має бути не раніше завтрашнього дня.',
    slot_after_limit: 'Новий час має бути не пізніше ніж через 4 дні після останнього заняття абонемента.',
    slot_in_off_period: 'Викладач у цей час не працює (вихідні або відпустка).',
    slot_not_free: 'Цей час не є вільним робочим часом викладача.',
  },
  update: {
    billed_miss_locks_date: 'Не можна змінити дату, коли встановлено статус «Оплачуваний пропуск».',
    miss_status_teacher: 'Викладач не може встановити статус «Оплачуваний пропуск» або змінити його.',
    end_before_start: 'Кінець заняття має бути пізніше за його початок.',
    field_forbidden: 'У вас немає прав змінювати поле «{{field}}».',
    in_off_period: 'Новий час припадає на вихідні викладача. Позначте «Ігнорувати вихідні», щоб усе одно зберегти.',
    no_teacher: 'У заняття немає викладача.',
  },
  slot_taken: 'Цей час щойно зайняли. Оновіть календар і виберіть інший час.',
  initiators: {
    1: 'Учень / батьки',
    2: 'Викладач',
    3: 'Школа',
  },
  next_date: {
    no_studies: 'В абонементі ще немає занять, тож наступну дату неможливо обчислити.',
    not_found: 'Не вдалося знайти вільний час за шаблоном абонемента.',
  },
  free_slots: {
    range: 'Період має бути не довшим за {{days}} днів, а «до» — пізніше за «від».',
  },
};

type Widen<T> = { [K in keyof T]: T[K] extends string ? string : Widen<T[K]> };

/** The shape ru and en must fill (Ukrainian is the reference language). */
export type SchedulingTranslation = Widen<typeof scheduling>;
