import { describe, expect, it } from 'vitest';
import { attendButtonData, MENU_DATA, normalise, parseCommand } from './bot-commands.js';

describe('parseCommand', () => {
  it('reads commands and words in Ukrainian and Russian, whatever the case, punctuation or emoji', () => {
    expect(parseCommand('/next')).toEqual({ kind: 'next' });
    expect(parseCommand('/next@school_test_bot')).toEqual({ kind: 'next' });
    expect(parseCommand('  Розклад! ')).toEqual({ kind: 'next' });
    expect(parseCommand('Следующие   занятия?')).toEqual({ kind: 'next' });
    expect(parseCommand('📅 Найближчі заняття')).toEqual({ kind: 'next' });
    expect(parseCommand('/paid')).toEqual({ kind: 'paid' });
    expect(parseCommand('Оплачені заняття')).toEqual({ kind: 'paid' });
    expect(parseCommand('оплаченные занятия')).toEqual({ kind: 'paid' });
    expect(parseCommand('/confirm')).toEqual({ kind: 'attend', answer: 'confirmed' });
    expect(parseCommand('Прийду')).toEqual({ kind: 'attend', answer: 'confirmed' });
    expect(parseCommand('подтверждаю.')).toEqual({ kind: 'attend', answer: 'confirmed' });
    expect(parseCommand('/decline')).toEqual({ kind: 'attend', answer: 'declined' });
    expect(parseCommand('Не прийду')).toEqual({ kind: 'attend', answer: 'declined' });
    expect(parseCommand('не приду!')).toEqual({ kind: 'attend', answer: 'declined' });
    expect(parseCommand('Помощь')).toEqual({ kind: 'help' });
    // A used or expired start link still opens the bot: the help, not "unknown".
    expect(parseCommand('/start 00000000-0000-4000-8000-000000000000')).toEqual({ kind: 'help' });
  });

  it('reads the menu buttons and the attendance buttons, and nothing that only looks like one', () => {
    expect(parseCommand(MENU_DATA.next)).toEqual({ kind: 'next' });
    expect(parseCommand(MENU_DATA.paid)).toEqual({ kind: 'paid' });
    const data = attendButtonData('declined', 120, 45, 1_750_000_000);
    expect(data).toBe('a:d:120:45:1750000000');
    expect(parseCommand(data)).toEqual({
      kind: 'attendLesson',
      answer: 'declined',
      studyId: 120,
      studentId: 45,
      startSeconds: 1_750_000_000,
    });
    expect(parseCommand(attendButtonData('confirmed', 1, 2, 3))).toMatchObject({
      kind: 'attendLesson',
      answer: 'confirmed',
    });
    for (const bad of [
      'a:x:1:2:3',
      'a:c:0:2:3',
      'a:c:1:2',
      'a:c:-1:2:3',
      'a:c:99999999999:2:3',
      'a:c:1:2:3:4',
      'm:nothing',
      '',
      '   ',
      'hello',
      '/unknown',
    ]) {
      expect(parseCommand(bad), bad).toEqual({ kind: 'unknown' });
    }
  });

  it('normalises without losing the words', () => {
    expect(normalise('  НЕ   ПРИЙДУ!!! ')).toBe('не прийду');
    expect(normalise('Ещё')).toBe('еще');
    expect(normalise('/Help@Bot')).toBe('/help');
  });
});
