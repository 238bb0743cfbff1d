import type { Translation } from '../translation.types';

export const staffScreens: Translation['staffScreens'] = {
  deleteProtected: 'Эта запись защищена от удаления',
  totalOfAllRows: '(все отфильтрованные записи: {{count}})',
  totalOfThisPage: '(только записи этой страницы)',
  reportPicker: {
    study: 'Занятие',
    studySearch: 'Имя ученика и/или дата (дд.мм.гггг)',
    studyHint: 'Ваши занятия, которые уже начались; с датой — занятия этого дня.',
    student: 'Ученик',
    noStudents: 'без учеников',
    next: 'Далее',
  },
  bots: {
    copyLink: 'Скопировать ссылку для подключения {{type}}',
    connected: '{{type}} подключён',
    title: 'Боты',
  },
  transfer: {
    mode: 'Перенос',
    modeHint:
      'Режим переноса: щёлкните будущее занятие, чтобы выбрать для него свободное время преподавателя.',
    notAllowed: 'Это занятие вы не можете перенести.',
    free: 'Свободно',
    now: 'Сейчас: {{time}}',
    window: 'Новое время: с {{from}} по {{to}} включительно.',
    noSlots: 'На этой неделе свободного времени преподавателя нет. Посмотрите другую неделю.',
    confirmFrom: 'Было',
    confirmTo: 'Станет',
    save: 'Перенести',
    done: 'Занятие перенесено на {{time}}.',
  },
};
