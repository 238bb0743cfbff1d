import { randomUUID } from 'node:crypto';
import { FileStore } from '@tus/file-store';
import { Upload } from '@tus/utils';
import fs from 'node:fs';
import { Readable } from 'node:stream';
import { TIME_ZONE } from '@school/shared/domain';
import { samplePdf } from '../features/document-generators/sample-files.test-kit.js';
import { resumableUploadDir } from '../features/recordings/recording-objects.js';
import { ROLE_ID, type SignedInRole } from './authz-spec.test-kit.js';
import { HOUR, type Participant, type School, type Side } from './authz-school.test-kit.js';

const KYIV_HOUR = new Intl.DateTimeFormat('en-GB', {
  timeZone: TIME_ZONE,
  hour: 'numeric',
  hourCycle: 'h23',
});
const kyivHour = (ms: number) => Number(KYIV_HOUR.format(ms));

/**
 * Throw-away rows for the drill's state-changing calls: each granted write gets a row of its own,
 * standing to every caller as the family's fixture row does, so the calls can run in any order
 * and at once. Refused writes are sent at the fixture rows themselves (which must survive them).
 */
export class Fresh {
  private hours = 0;
  private serial = 0;
  /** Whole hours from 20 days ahead, of which slot() takes every third in Kyiv time. */
  private readonly base = Math.ceil(Date.now() / HOUR) * HOUR + 20 * 24 * HOUR;

  constructor(private readonly s: School) {}

  private get knex() {
    return this.s.knex;
  }

  side(key: 'A' | 'B'): Side {
    return this.s[key];
  }

  /**
   * A lesson start no throw-away lesson shares; a transfer may go one day and one hour later.
   * Starts are at 2, 5, 8 … 23 o'clock Kyiv time, whatever the hour the drill runs: a transfer
   * (+25 h) then lands at 0, 3 … 21 o'clock, never at 23:00 (its hour would end past the teacher's
   * 00:00-23:59 work period: 422 slot_not_free), and no lesson starts at the packages' 10:00, where
   * a move to the end of a package lands (409 overlap). With the grid tied to the clock's hour both
   * failed when the drill ran at certain hours of the day.
   */
  slot(): number {
    for (;;) {
      const start = this.base + HOUR * this.hours++;
      if (kyivHour(start) % 3 === 2) return start;
    }
  }

  participants(side: Side): Participant[] {
    return (this.s.facts.studies.get(side.study) ?? []).map((p) => ({ ...p }));
  }

  /**
   * A lesson of the family's people (on its package), at a new slot; the next slot when a call
   * of the sweep (a move to the end of a package) took that one meanwhile.
   */
  async study(key: 'A' | 'B', opts: { package?: boolean; group?: boolean } = {}): Promise<number> {
    const side = this.side(key);
    // `group`: the people of the group lesson (teacher A and both children, each on their own
    // package), so the answer to one family could name the other.
    const participants = opts.group
      ? (this.s.facts.studies.get(this.s.group.study) ?? []).map((p) => ({ ...p }))
      : this.participants(side);
    const packageOf = (user: number) =>
      opts.group
        ? [this.s.A, this.s.B].find((x) => x.child === user)?.subscription
        : user === side.child
          ? side.subscription
          : undefined;
    for (let attempt = 0; ; attempt++) {
      const start = this.slot();
      try {
        const id = await this.knex.transaction(async (trx) => {
          const [row] = await trx('studies')
            .insert({
              start: new Date(start),
              end: new Date(start + HOUR),
              type_id: 1,
              created_by: this.s.people.admin,
            })
            .returning('id');
          await trx('study_user').insert(
            participants.map((p) => ({
              study_id: row.id,
              user_id: p.user,
              subscription_id: opts.package !== false ? (packageOf(p.user) ?? null) : null,
            })),
          );
          return row.id as number;
        });
        this.s.facts.studies.set(id, participants);
        return id;
      } catch (err) {
        if (attempt >= 5 || !/study_user_no_overlap/.test(String(err))) throw err;
      }
    }
  }

  /** A report on a throw-away lesson of the family (one report per student and lesson). */
  async report(key: 'A' | 'B', author: number): Promise<number> {
    const side = this.side(key);
    const [row] = await this.knex('study_reports')
      .insert({
        study_id: await this.study(key),
        user_id: side.child,
        created_by: author,
        subject: 'Урок на викид',
        content: 'Звіт на викид'.padEnd(180, '.'),
      })
      .returning('id');
    return row.id as number;
  }

  async task(key: 'A' | 'B', creator: number): Promise<number> {
    const side = this.side(key);
    const bytes = samplePdf('throw-away homework');
    const storageKey = `homework/drill-fresh-${randomUUID()}`;
    await this.s.storage.put(storageKey, Readable.from(bytes), { contentType: 'application/pdf' });
    const [row] = await this.knex('study_tasks')
      .insert({
        study_id: side.study,
        user_id: side.child,
        creator_id: creator,
        file_name: 'fresh.pdf',
        file_mime: 'application/pdf',
        file_size: bytes.length,
        storage_key: storageKey,
      })
      .returning('id');
    return row.id as number;
  }

  async message(key: 'A' | 'B', author: number): Promise<number> {
    const [row] = await this.knex('study_messages')
      .insert({ study_id: this.side(key).study, user_id: author, content: 'На викид' })
      .returning('id');
    return row.id as number;
  }

  /** A recording on a throw-away lesson of the family (deleting renumbers the lesson's parts). */
  async recording(key: 'A' | 'B'): Promise<{ study: number; recording: number }> {
    const study = await this.study(key);
    const bytes = Buffer.alloc(1024, 3);
    const storageKey = `recordings/drill-fresh-${randomUUID()}.mp4`;
    await this.s.storage.put(storageKey, Readable.from(bytes), { contentType: 'video/mp4' });
    const [row] = await this.knex('recordings')
      .insert({
        study_id: study,
        part: 1,
        file_name: 'fresh.mp4',
        file_mime: 'video/mp4',
        file_size: bytes.length,
        storage_key: storageKey,
        created_by: this.side(key).teacher,
      })
      .returning('id');
    return { study, recording: row.id as number };
  }

  /**
   * A tus upload begun by `user` on a lesson, no bytes yet: its row and its empty file where the
   * server keeps them (as `POST …/uploads` leaves them, also for a user who could no longer begin one).
   */
  async upload(study: number, user: number): Promise<string> {
    const id = randomUUID();
    await this.knex('recording_uploads').insert({
      id,
      study_id: study,
      user_id: user,
      file_name: `up-${id.slice(0, 8)}.mp4`,
      file_mime: 'video/mp4',
      length: 16,
      expires_at: new Date(Date.now() + 24 * HOUR),
    });
    const dir = resumableUploadDir(this.s.dataDir);
    await fs.promises.mkdir(dir, { recursive: true });
    // Through the tus file store itself, so its record of the upload is there as POST leaves it.
    await new FileStore({ directory: dir }).create(new Upload({ id, size: 16, offset: 0 }));
    return id;
  }

  async contract(key: 'A' | 'B'): Promise<number> {
    const side = this.side(key);
    const [row] = await this.knex('contracts')
      .insert({
        student_id: side.child,
        payer_id: side.parent,
        template_id: 42,
        invoice_template_id: 3,
        end_at: new Date(Date.now() + 100 * 24 * HOUR),
      })
      .returning('id');
    return row.id as number;
  }

  /**
   * A package on the family's contract with one weekly slot (an hour of the day no other fresh
   * package has, so two moves to the end never pick one time) and, unless `lessons` is false, one
   * lesson of the family.
   */
  async subscription(
    key: 'A' | 'B',
    lessons = true,
  ): Promise<{ subscription: number; study: number | null }> {
    const side = this.side(key);
    const n = this.serial++;
    const [row] = await this.knex('subscriptions')
      .insert({
        contract_id: side.contract,
        price_per_study: 30000,
        studies_per_week: 1,
        studies_template_type_id: 1,
      })
      .returning('id');
    await this.knex('studies_templates').insert({
      subscription_id: row.id,
      weekday: n % 7,
      start_time: `${String(6 + (n % 14)).padStart(2, '0')}:00:00`,
      duration: 60,
    });
    if (!lessons) return { subscription: row.id as number, study: null };
    const study = await this.study(key, { package: false });
    await this.knex('study_user')
      .where({ study_id: study, user_id: side.child })
      .update({ subscription_id: row.id });
    return { subscription: row.id as number, study };
  }

  async invoice(key: 'A' | 'B'): Promise<number> {
    const side = this.side(key);
    const [row] = await this.knex('invoices')
      .insert({
        subscription_id: side.subscription,
        contract_id: side.contract,
        amount: 30000,
        template_id: 1,
      })
      .returning('id');
    return row.id as number;
  }

  /** A teacher of no family with a finished schedule: prolonging it concerns nobody else. */
  async endedSchedule(): Promise<number> {
    const teacher = await this.user('Teacher');
    const [row] = await this.knex('schedules')
      .insert({
        user_id: teacher,
        start_at: new Date(Date.now() - 90 * 24 * HOUR),
        end_at: new Date(Date.now() - 30 * 24 * HOUR),
      })
      .returning('id');
    await this.knex('workperiods').insert({
      schedule_id: row.id,
      weekday: 2,
      start_time: '10:00:00',
      duration: 60,
    });
    return row.id as number;
  }

  /** A second schedule of the family's teacher, after the current one. */
  async schedule(key: 'A' | 'B'): Promise<number> {
    const start = Date.now() + (400 + this.serial++) * 24 * HOUR;
    const [row] = await this.knex('schedules')
      .insert({
        user_id: this.side(key).teacher,
        start_at: new Date(start),
        end_at: new Date(start + 12 * HOUR),
      })
      .returning('id');
    return row.id as number;
  }

  /** A user of the given role with the drill password and no relation to anybody. */
  async user(role: SignedInRole, extra: Record<string, unknown> = {}): Promise<number> {
    const n = ++this.serial;
    const [row] = await this.knex('users')
      .insert({
        role_id: ROLE_ID[role],
        firstname: `Разовий ${n}`,
        surname: 'Дрилевий',
        email: `fresh-${n}-${randomUUID().slice(0, 6)}@drill.example.com`,
        password: this.s.passwordHash,
        active: true,
        source_id: 1,
        ...extra,
      })
      .returning('id');
    this.s.facts.roleOf.set(row.id, ROLE_ID[role]);
    return row.id as number;
  }

  /** A second child of the family (a user row standing to callers as the family's child does). */
  async child(key: 'A' | 'B'): Promise<number> {
    const side = this.side(key);
    const id = await this.user('Student');
    await this.knex('user_responsibles').insert({ responsible_id: side.parent, child_id: id });
    return id;
  }

  async emailOf(user: number): Promise<string> {
    return (await this.knex('users').where({ id: user }).first('email')).email as string;
  }
}
