import { samplePdf } from '../features/document-generators/sample-files.test-kit.js';
import { LITERAL, type SignedInRole } from './authz-spec.test-kit.js';
import { HOUR, type Side } from './authz-school.test-kit.js';
import { multipartForm } from './authz-account-routes.test-kit.js';
import {
  all,
  any,
  can,
  related,
  roles,
  signedIn,
  targets,
  type Case,
  type Matrix,
  type MatrixContext,
  type Need,
  type Target,
} from './authz-matrix.test-kit.js';

/**
 * Matrix rows of the routes about lessons and what hangs off them (homework, recordings, chat,
 * reports, free slots, packages): who may call each, in spec terms (authz-spec.test-kit.ts).
 */

const TUS = { 'Tus-Resumable': '1.0.0' };
const b64 = (v: string) => Buffer.from(v).toString('base64');
const iso = (ms: number) => new Date(ms).toISOString();

export function studyRoutes({ s, fresh }: MatrixContext): Matrix {
  const t = targets(s);
  const keyOf = (side: Side) => (side === s.A ? 'A' : 'B');
  const sides = (make: (key: 'A' | 'B', side: Side) => Case): Case[] => [make('A', s.A), make('B', s.B)];
  const study = (side: Side) => t.studyRow(`study ${keyOf(side)}`, { study: side.study });
  const money = (side: Side) => t.money(`family ${keyOf(side)}`, side.child);
  /** Part 1 §6: "Upload, replace, remove recordings: Administrator, Manager, Teacher", on a lesson they may update. */
  const recordingsOf = (on: Target): Need => all(can('create', 'recording'), can('update', 'study', on));
  const homework = (method: string, path: string) => ({
    method,
    path,
    body: multipartForm(method === 'POST' ? { _method: 'patch' } : {}, {
      'study_task[]': { name: 'homework.pdf', bytes: samplePdf('homework') },
    }),
  });
  /** A lesson for a write: a throw-away one when granted, the family's own when refused. */
  const lesson = async (key: 'A' | 'B', side: Side, granted: boolean) =>
    granted ? fresh.study(key) : side.study;
  /** The same, but a family's granted call gets a group lesson with the other family's child. */
  const sharedLesson = async (key: 'A' | 'B', side: Side, c: { granted: boolean; role: string }) =>
    c.granted && (c.role === 'Student' || c.role === 'Responsible')
      ? fresh.study(key, { group: true })
      : lesson(key, side, c.granted);
  const groupLesson = t.studyRow('group lesson', { study: s.group.study });
  const startOf = async (id: number) =>
    new Date((await s.knex('studies').where({ id }).first('start')).start).getTime();
  const week = () =>
    `from=${iso(Date.now() + 2 * 24 * HOUR)}&to=${iso(Date.now() + 9 * 24 * HOUR)}&duration=60`;
  /** A package of people of its own, made by the Administrator through the API (its lessons are generated). */
  const freshPackage = async () => {
    const form = await packageForm();
    const res = await s.clients.Administrator.post('/api/subscriptions', form);
    if (res.status !== 201) throw new Error(`package: ${res.status} ${res.text}`);
    return { id: res.body.data.id as number, form };
  };
  const packageForm = async (side?: Side) => {
    const teacher = side?.teacher ?? (await fresh.user('Teacher'));
    const student = side?.child ?? (await fresh.user('Student'));
    const contract =
      side?.contract ??
      (await s.knex('contracts').insert({ student_id: student, payer_id: student }).returning('id'))[0].id;
    return {
      teacher_id: teacher,
      student_id: student,
      contract_id: contract,
      studies_template: [{ weekday: 2, start_time: '11:00:00', duration: 60 }],
      studies_template_total_count: 2,
      studies_template_type_id: 1,
      studies_per_week: 1,
      price_per_study: 30000,
      studies_template_start_date: new Date(Date.now() + 500 * 24 * HOUR).toISOString().slice(0, 10),
    };
  };

  const studyUpdate = (method: 'PATCH' | 'PUT' | 'POST'): Case[] => [
    ...sides((key, side) => ({
      target: `${key}: comment`,
      need: can('update', 'study', study(side), 'comment'),
      send: async (c) => ({
        method,
        path: `/api/studies/${await lesson(key, side, c.granted)}`,
        body: { ...(method === 'POST' ? { _method: 'patch' } : {}), comment: 'Коментар дрилю' },
      }),
    })),
    ...sides((key, side) => ({
      target: `${key}: homework file`,
      need: can('update', 'study', study(side), 'study_task'),
      send: async (c) => homework(method, `/api/studies/${await sharedLesson(key, side, c)}`),
    })),
    // Issue 27: a save that changes nothing is still answered, under the caller's read scope
    // (the other family's child and package stay unnamed), and writes nothing (the fixture's
    // updated_at is in the sweep's snapshot).
    {
      target: 'group lesson: empty save',
      need: can('update', 'study', groupLesson),
      send: async () => ({
        method,
        path: `/api/studies/${s.group.study}`,
        body: method === 'POST' ? { _method: 'patch' } : {},
      }),
    },
    ...(method === 'PATCH'
      ? sides((key, side) => ({
          target: `${key}: miss status`,
          need: can('update', 'study', study(side), 'miss_status'),
          send: async (c) => ({
            method,
            path: `/api/studies/${await lesson(key, side, c.granted)}`,
            body: { miss_status: 1 },
          }),
        })).concat(
          // Part 1 §4: a Responsible transfers a lesson to a free slot; staff move it anywhere.
          sides((key, side) => ({
            target: `${key}: start (transfer)`,
            need: can('update', 'study', study(side), 'start'),
            async send(c) {
              const id = await lesson(key, side, c.granted);
              return {
                method,
                path: `/api/studies/${id}`,
                body: { start: iso((await startOf(id)) + 25 * HOUR) },
              };
            },
          })),
        )
      : []),
  ];

  /**
   * tus: an upload is its creator's alone, whoever else may upload to the lesson. Appending needs
   * the save's checks; asking how far one's own upload got, or dropping it, only that it is one's
   * own (its bytes and length are the uploader's; nothing of the lesson is read or written).
   */
  const upload = (method: 'PATCH' | 'DELETE' | 'HEAD'): Case[] =>
    (['own', 'manager'] as const).flatMap((whose) =>
      sides((key, side) => {
        const made: Target = {
          label: whose === 'own' ? `${key}: own upload` : `${key}: the manager's upload`,
          relations: (c) =>
            new Set(c !== null && (whose === 'own' || c === s.people.manager) ? ['author'] : []),
        };
        return {
          target: made.label,
          need:
            method !== 'PATCH'
              ? related(made, 'author')
              : all(recordingsOf(study(side)), related(made, 'author')),
          async send(c) {
            const id = await lesson(key, side, c.granted);
            const uid = await fresh.upload(
              id,
              whose === 'own' ? (c.user ?? s.people.admin) : s.people.manager,
            );
            const path = `/api/studies/${id}/recordings/uploads/${uid}`;
            if (method !== 'PATCH') return { method, path, headers: TUS };
            return {
              method,
              path,
              body: 'x'.repeat(16),
              headers: { ...TUS, 'Content-Type': 'application/offset+octet-stream', 'Upload-Offset': '0' },
            };
          },
        };
      }),
    );

  const task = (key: 'A' | 'B', side: Side, own: boolean): Target =>
    own
      ? {
          label: `${key}: own homework file`,
          relations: (c) => s.facts.toStudyRow(c, { study: side.study, about: side.child, author: c ?? -1 }),
        }
      : t.studyRow(`${key}: teacher's homework file`, {
          study: side.study,
          about: side.child,
          author: side.teacher,
        });

  return {
    'PATCH /api/studies/:id': studyUpdate('PATCH'),
    'PUT /api/studies/:id': studyUpdate('PUT'),
    'POST /api/studies/:id': studyUpdate('POST'),
    'POST /api/studies': [
      {
        target: 'family A',
        need: can('create', 'study'),
        send: async () => ({
          method: 'POST',
          path: '/api/studies',
          body: {
            users: [s.A.teacher, s.A.child],
            subscriptions: [],
            start: iso(fresh.slot()),
            duration: 60,
            type_id: 1,
            trial: 0,
          },
        }),
      },
    ],
    'POST /api/studies/:id/move-to-end': sides((key, side) => ({
      target: key,
      need: all(can('update', 'study', study(side), 'start'), can('update', 'subscription')),
      send: async (c) => ({
        method: 'POST',
        path: `/api/studies/${c.granted ? (await fresh.subscription(key)).study : side.study}/move-to-end`,
        body: { show_in_history: 0 },
      }),
    })),
    'GET /api/studies/:id/free-slots': sides((key, side) => ({
      target: key,
      need: can('read', 'study', study(side)),
      send: async () => ({ method: 'GET', path: `/api/studies/${side.study}/free-slots?${week()}` }),
    })),
    // docs/permissions.md "Free slots": whoever creates studies, and the teacher themself.
    'GET /api/teachers/:userId/free-slots': sides((key, side) => {
      const teacher = t.user(`teacher ${key}`, side.teacher);
      return {
        target: `teacher ${key}`,
        need: any(can('create', 'study'), related(teacher, 'self')),
        send: async () => ({ method: 'GET', path: `/api/teachers/${side.teacher}/free-slots?${week()}` }),
      };
    }),
    'GET /api/subscriptions/:id/next-study-date': sides((key, side) => ({
      target: key,
      need: can('update', 'subscription', money(side)),
      send: async () => ({ method: 'GET', path: `/api/subscriptions/${side.subscription}/next-study-date` }),
    })),
    'POST /api/subscriptions': [
      {
        target: 'new people',
        need: can('create', 'subscription'),
        send: async () => ({ method: 'POST', path: '/api/subscriptions', body: await packageForm() }),
      },
    ],
    ...Object.fromEntries(
      (['PATCH', 'PUT'] as const).map((method) => [
        `${method} /api/subscriptions/:id`,
        sides((key, side) => ({
          target: `${key}: new weekly template`,
          need: can('update', 'subscription', money(side)),
          async send(c) {
            const pkg = c.granted
              ? await freshPackage()
              : { id: side.subscription, form: await packageForm(side) };
            return {
              method,
              path: `/api/subscriptions/${pkg.id}`,
              body: { ...pkg.form, studies_template: [{ weekday: 4, start_time: '12:00:00', duration: 60 }] },
            };
          },
        })),
      ]),
    ),
    'POST /api/subscriptions/:id/prolong': sides((key, side) => ({
      target: key,
      need: can('create', 'subscription'),
      send: async (c) => ({
        method: 'POST',
        path: `/api/subscriptions/${c.granted ? (await freshPackage()).id : side.subscription}/prolong`,
        body: {},
      }),
    })),
    'POST /api/schedules/:id/prolong': sides((key, side) => ({
      target: key,
      need: can('create', 'schedule'),
      send: async (c) => ({
        method: 'POST',
        path: `/api/schedules/${c.granted ? await fresh.endedSchedule() : side.schedule}/prolong`,
      }),
    })),
    'GET /api/studies/initiator-options': [
      {
        target: '-',
        need: signedIn,
        send: async () => ({ method: 'GET', path: '/api/studies/initiator-options' }),
      },
    ],
    // The studies table's price total over every filtered row (issue 29): price_total is the Administrator's field.
    'GET /api/studies/price-total': [
      {
        target: '-',
        need: roles('Administrator'),
        send: async () => ({ method: 'GET', path: '/api/studies/price-total?filter[trial]=0' }),
      },
    ],
    // The evaluation modal is on the admin studies table (part 2 §2).
    'GET /api/studies/:id/evaluation': sides((key, side) => ({
      target: key,
      need: all(roles(...(LITERAL.adminPages as SignedInRole[])), can('read', 'study', study(side))),
      send: async () => ({ method: 'GET', path: `/api/studies/${side.study}/evaluation` }),
    })),
    'POST /api/studies/:id/messages/read': sides((key, side) => ({
      target: key,
      need: can('read', 'study_message', study(side)),
      send: async () => ({ method: 'POST', path: `/api/studies/${side.study}/messages/read`, body: {} }),
    })),
    // Part 1 §6: Previous Report needs `create study_report`, on a lesson the caller sees.
    'GET /api/studies/:id/users/:userId/previous-report': sides((key, side) => ({
      target: key,
      need: all(can('create', 'study_report'), can('read', 'study', study(side))),
      send: async () => ({
        method: 'GET',
        path: `/api/studies/${side.study}/users/${side.child}/previous-report`,
      }),
    })),
    // Part 1 §6 Notify button; the test app has no job queue, so a granted reminder ends in 409
    // `messenger_unavailable`, the last check. A lesson the caller cannot see is 422 on study_id.
    'POST /api/users/:id/notify': sides((key, side) => ({
      target: key,
      need: all(
        can('notify', 'user'),
        can('read', 'study', t.studyRow(`lesson in progress ${key}`, { study: side.nowStudy })),
      ),
      grantedAlso: { status: 409, code: 'messenger_unavailable' },
      refusedAlso: [422],
      send: async () => ({
        method: 'POST',
        path: `/api/users/${side.child}/notify`,
        body: { type_id: 1, study_id: side.nowStudy },
      }),
    })),

    // Recordings (part 1 §7): read by whoever reads the lesson; written by Administrator, Manager, Teacher.
    'GET /api/studies/:id/recordings': sides((key, side) => ({
      target: key,
      need: can('read', 'study', study(side)),
      send: async () => ({
        method: 'GET',
        path: `/api/studies/${side.study}/recordings?with[]=creator&with[]=languages`,
      }),
    })),
    ...Object.fromEntries(
      ['play', 'download'].map((what) => [
        `GET /api/studies/:id/recordings/:rid/${what}`,
        sides((key, side) => ({
          target: key,
          need: can('read', 'recording', study(side)),
          send: async () => ({
            method: 'GET',
            path: `/api/studies/${side.study}/recordings/${side.recording}/${what}`,
            headers: { Range: 'bytes=0-99' },
          }),
        })),
      ]),
    ),
    'POST /api/studies/:id/recordings': sides((key, side) => ({
      target: key,
      need: recordingsOf(study(side)),
      async send(c) {
        const { study: id, recording } = c.granted
          ? await fresh.recording(key)
          : { study: side.study, recording: side.recording };
        const file = (await s.knex('recordings').where({ id: recording }).first('file_name'))
          .file_name as string;
        return {
          method: 'POST',
          path: `/api/studies/${id}/recordings`,
          body: {
            metadata: { study_id: id, parts: [{ part: 1, id: recording, file_name: file, languages: [] }] },
          },
        };
      },
    })),
    'DELETE /api/studies/:id/recordings/:rid': sides((key, side) => ({
      target: key,
      need: recordingsOf(study(side)),
      async send(c) {
        const { study: id, recording } = c.granted
          ? await fresh.recording(key)
          : { study: side.study, recording: side.recording };
        return { method: 'DELETE', path: `/api/studies/${id}/recordings/${recording}` };
      },
    })),
    'GET /api/jwt/issue': sides((key, side) => ({
      target: key,
      need: recordingsOf(study(side)),
      send: async () => ({ method: 'GET', path: `/api/jwt/issue?study_id=${side.study}` }),
    })),
    // tus 1.0 (docs/api.md "Resumable uploads"): the same checks as the save.
    'OPTIONS /api/studies/:id/recordings/uploads': [
      {
        target: 'A',
        need: signedIn,
        send: async () => ({ method: 'OPTIONS', path: `/api/studies/${s.A.study}/recordings/uploads` }),
      },
    ],
    'POST /api/studies/:id/recordings/uploads': sides((key, side) => ({
      target: key,
      need: recordingsOf(study(side)),
      send: async () => ({
        method: 'POST',
        path: `/api/studies/${side.study}/recordings/uploads`,
        headers: {
          ...TUS,
          'Upload-Length': '16',
          'Upload-Metadata': `filename ${b64('drill.mp4')},filetype ${b64('video/mp4')}`,
        },
      }),
    })),
    'PATCH /api/studies/:id/recordings/uploads/:uid': upload('PATCH'),
    'DELETE /api/studies/:id/recordings/uploads/:uid': upload('DELETE'),
    'HEAD /api/studies/:id/recordings/uploads/:uid': upload('HEAD'),

    // Homework files (part 2 §6): shown to the student, their Responsible and the lesson's
    // teaching staff; deleted with `delete study_task` or by their uploader.
    'GET /api/study_tasks/:id/download': [
      ...sides((key, side) => ({
        target: key,
        need: can('read', 'study_task', task(key, side, false)),
        send: async () => ({ method: 'GET', path: `/api/study_tasks/${side.task}/download` }),
      })),
      {
        target: "group lesson: the classmate B's file",
        need: can(
          'read',
          'study_task',
          t.studyRow('group B file', { study: s.group.study, about: s.B.child, author: s.A.teacher }),
        ),
        send: async () => ({ method: 'GET', path: `/api/study_tasks/${s.group.taskB}/download` }),
      },
    ],
    'DELETE /api/study_tasks/:id': [false, true].flatMap((own) =>
      sides((key, side) => {
        const file = task(key, side, own);
        return {
          target: file.label,
          need: all(
            can('read', 'study_task', file),
            any(can('delete', 'study_task', file), related(file, 'author')),
          ),
          async send(c) {
            const creator = own ? (c.user ?? s.people.admin) : side.teacher;
            return {
              method: 'DELETE',
              path: `/api/study_tasks/${c.granted || own ? await fresh.task(key, creator) : side.task}`,
            };
          },
        };
      }),
    ),
  };
}
