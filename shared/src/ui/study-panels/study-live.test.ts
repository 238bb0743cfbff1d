import { describe, expect, it } from 'vitest';
import {
  createStudyLiveBus,
  publishResync,
  publishSocketChange,
  studyLive,
  type StudyLiveChange,
} from './study-live';

describe('study changes for the open panels', () => {
  it('reaches the panels of that study only; a study-less change reaches all', () => {
    const bus = createStudyLiveBus();
    const got: string[] = [];
    const offA = bus.subscribe(1, (c) => got.push(`a:${c.kind}`));
    bus.subscribe(2, (c) => got.push(`b:${c.kind}`));
    bus.publish({ studyId: 1, kind: 'message' });
    bus.publish({ studyId: 3, kind: 'task' });
    bus.publish({ studyId: null, kind: 'resync' });
    offA();
    bus.publish({ studyId: 1, kind: 'report' });
    expect(got).toEqual(['a:message', 'a:resync', 'b:resync']);
  });

  it('joins the room of every shown study once, on the socket there now and on the next one', () => {
    const bus = createStudyLiveBus();
    const sent: string[] = [];
    const port = (name: string) => ({
      open: (id: number) => sent.push(`${name} open ${id}`),
      close: (id: number) => sent.push(`${name} close ${id}`),
    });
    const releaseA = bus.openStudy(5);
    const releaseB = bus.openStudy(5);
    const detach = bus.attachRooms(port('s1'));
    bus.openStudy(6);
    releaseA();
    releaseA();
    releaseB();
    detach();
    bus.attachRooms(port('s2'));
    expect(sent).toEqual(['s1 open 5', 's1 open 6', 's1 close 5', 's2 open 6']);
  });

  it('passes on the socket’s study:changed payload, and a resync as a change of every study', () => {
    const got: StudyLiveChange[] = [];
    const off = studyLive.subscribe(7, (c) => got.push(c));
    publishSocketChange({ studyId: 7, kind: 'message', userIds: [1, 2] });
    publishSocketChange({ studyId: 8, kind: 'message', userIds: [1] });
    publishSocketChange({ studyId: null, kind: 'updated', userIds: [1] });
    publishSocketChange('garbage');
    publishSocketChange(null);
    publishResync();
    off();
    expect(got).toEqual([
      { studyId: 7, kind: 'message' },
      { studyId: null, kind: 'updated' },
      { studyId: null, kind: 'resync' },
    ]);
  });
});
