import type { Translation } from '../translation.types';

/** The chat prototype (spec part 2 §2, §4, §8). */
export const chat: Translation['chat'] = {
  title: 'Чат',
  staffOnly: 'Чат доступен только сотрудникам школы.',
  room: 'Комната',
  join: 'Войти в комнату',
  members: 'В комнате',
  nobody: 'Больше никого нет.',
  empty: 'Сообщений пока нет.',
  placeholder: 'Сообщение (Ctrl+Enter — отправить)',
  send: 'Отправить',
  call: 'Звонок',
  answer: 'Ответить',
  hangUp: 'Завершить',
  remoteVideo: 'Собеседник',
  localVideo: 'Вы',
  connection: { connecting: 'Подключение…', joined: 'На связи', offline: 'Нет соединения' },
  status: { available: 'Свободен', busy: 'Разговаривает', away: 'Отошёл' },
  phase: {
    idle: 'Нет звонка',
    calling: 'Звонок: {{name}}…',
    'offer-received': 'Входящий звонок: {{name}}',
    connected: 'Разговор: {{name}}',
  },
  errorTitle: 'Ошибка чата',
  errors: {
    peerConnection: 'Не удалось создать RTCPeerConnection',
    remoteDescription: 'Не удалось принять описание соединения собеседника',
    offer: 'Не удалось создать предложение звонка',
    answer: 'Не удалось создать ответ на звонок',
    media: 'Нет доступа к камере или микрофону',
    refused: 'Сервер не пустил в чат',
    rateLimited: 'Слишком много сообщений, подождите немного',
    sendFailed: 'Сообщение не отправлено',
  },
};
