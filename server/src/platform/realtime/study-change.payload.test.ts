import { describe, expect, it } from 'vitest';
import {
  coalesceStudyChanges,
  parseStudyChange,
  studyChangePayloads,
  USER_IDS_PER_MESSAGE,
} from './study-change.payload.js';

describe('parseStudyChange', () => {
  it('accepts what the triggers and the publisher write', () => {
    expect(parseStudyChange('{"studyId" : 5, "kind" : "updated", "userIds" : [4,15,4]}')).toEqual({
      studyId: 5,
      kind: 'updated',
      userIds: [4, 15],
    });
    expect(parseStudyChange('{"studyId":null,"kind":"report","userIds":[]}')).toEqual({
      studyId: null,
      kind: 'report',
      userIds: [],
    });
  });

  it('reads the students a report or homework change is about', () => {
    expect(parseStudyChange('{"studyId":5,"kind":"task","userIds":[4,15],"studentIds":[15,15]}')).toEqual({
      studyId: 5,
      kind: 'task',
      userIds: [4, 15],
      studentIds: [15],
    });
    expect(parseStudyChange('{"studyId":5,"kind":"message","userIds":[4],"studentIds":null}')).toEqual({
      studyId: 5,
      kind: 'message',
      userIds: [4],
    });
  });

  it.each([
    '{"studyId":5,"kind":"task","userIds":[4],"studentIds":[0]}',
    '{"studyId":5,"kind":"task","userIds":[4],"studentIds":"15"}',
    undefined,
    '',
    'not json',
    'null',
    '{"studyId":"5","kind":"updated","userIds":[]}',
    '{"studyId":5,"kind":"exploded","userIds":[]}',
    '{"studyId":5,"kind":"updated","userIds":[1,"2"]}',
    '{"studyId":5,"kind":"updated","userIds":[-1]}',
    '{"studyId":5,"kind":"updated"}',
  ])('drops %j', (payload) => {
    expect(parseStudyChange(payload)).toBeNull();
  });
});

describe('studyChangePayloads', () => {
  it('splits many participants so every NOTIFY stays under 8000 bytes', () => {
    const userIds = Array.from({ length: 1234 }, (_, i) => 2_000_000_000 - i);
    const payloads = studyChangePayloads({ studyId: 2_000_000_000, kind: 'transferred', userIds });
    expect(payloads).toHaveLength(Math.ceil(1234 / USER_IDS_PER_MESSAGE));
    for (const p of payloads) expect(Buffer.byteLength(p)).toBeLessThan(8000);
    expect(payloads.flatMap((p) => parseStudyChange(p)!.userIds)).toEqual(userIds);
  });

  it('sends nothing when nobody is affected', () => {
    expect(studyChangePayloads({ studyId: 1, kind: 'updated', userIds: [] })).toEqual([]);
  });
});

describe('coalesceStudyChanges', () => {
  it('one study-level change per study, users united, the most telling kind kept', () => {
    expect(
      coalesceStudyChanges([
        { studyId: 1, kind: 'updated', userIds: [4, 15] },
        { studyId: 2, kind: 'report', userIds: [5], studentIds: [5] },
        { studyId: 1, kind: 'transferred', userIds: [15, 16] },
        { studyId: 1, kind: 'recording', userIds: [4] },
        { studyId: null, kind: 'updated', userIds: [1] },
        { studyId: null, kind: 'updated', userIds: [2] },
      ]),
    ).toEqual([
      { studyId: 1, kind: 'transferred', userIds: [4, 15, 16] },
      { studyId: 2, kind: 'report', userIds: [5], studentIds: [5] },
      // A recording is not a kind of update: it stays its own event (the modal reloads its list).
      { studyId: 1, kind: 'recording', userIds: [4] },
      { studyId: null, kind: 'updated', userIds: [1, 2] },
    ]);
  });

  it('a report and a recording of one study in one burst are two events; each kind merges with itself', () => {
    expect(
      coalesceStudyChanges([
        { studyId: 7, kind: 'report', userIds: [4, 15], studentIds: [15] },
        { studyId: 7, kind: 'recording', userIds: [4, 15] },
        { studyId: 7, kind: 'report', userIds: [4, 16], studentIds: [16] },
        { studyId: 7, kind: 'message', userIds: [4, 15] },
        { studyId: 7, kind: 'task', userIds: [4, 15], studentIds: [15] },
        { studyId: 7, kind: 'message', userIds: [4, 15] },
      ]),
    ).toEqual([
      { studyId: 7, kind: 'report', userIds: [4, 15, 16], studentIds: [15, 16] },
      { studyId: 7, kind: 'recording', userIds: [4, 15] },
      { studyId: 7, kind: 'message', userIds: [4, 15] },
      { studyId: 7, kind: 'task', userIds: [4, 15], studentIds: [15] },
    ]);
  });

  it('a deletion outranks everything that came before it', () => {
    expect(
      coalesceStudyChanges([
        { studyId: 3, kind: 'created', userIds: [4] },
        { studyId: 3, kind: 'deleted', userIds: [4] },
      ]),
    ).toEqual([{ studyId: 3, kind: 'deleted', userIds: [4] }]);
  });
});
