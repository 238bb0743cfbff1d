import type { Translation } from '../translation.types';

export const offlineWrites: Translation['offlineWrites'] = {
  refused:
    'Нет связи с сервером. Это действие нельзя отложить: попробуйте ещё раз, когда связь восстановится.',
  pending: 'Ожидает — будет отправлено, когда появится связь',
  pendingCount: 'Ожидают отправки: {{count}}',
  waitingForSignIn: 'Сессия завершилась: войдите снова той же учётной записью, чтобы отправить.',
  failed: 'Не отправлено',
  discard: 'Отбросить',
  listTitle: 'Отложенные изменения',
  conflictBadge: 'Конфликт',
  resolve: 'Решить',
  kinds: {
    studyUpdate: 'Комментарий / статус пропуска, занятие #{{id}}',
    report: 'Отчёт, занятие #{{id}}',
    message: 'Сообщение, занятие #{{id}}',
    homework: 'Домашнее задание, занятие #{{id}}',
  },
  conflict: {
    title: 'Текст изменился, пока вы были офлайн',
    intro: 'Кто-то другой изменил этот текст после того, как вы начали. Выберите, что сохранить.',
    mine: 'Ваш текст',
    theirs: 'Текст на сервере сейчас',
    merged: 'Объединённый текст',
    keepMine: 'Оставить мой',
    keepTheirs: 'Оставить их',
    merge: 'Объединить',
    saveMerged: 'Сохранить объединённый',
    fields: {
      comment: 'Комментарий',
      miss_status: 'Статус пропуска',
      subject: 'Тема',
      content: 'Текст отчёта',
    },
  },
};
