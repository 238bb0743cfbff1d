import { PROTECTED_USER_IDS } from '../domain/constants';
import { userFormSchema } from '../validation/user-form.schema';
import { MANAGE_USERS, SCHOOL_INTERNAL, defineResource, f, partialOf, rel, w } from './define-resource';

/** Staff notes are for staff (the teacher profile shows the teacher's own notes). */
const STAFF = SCHOOL_INTERNAL;
/**
 * A birthdate and where a person came from (source) are read by staff and by the person
 * themself, not by a family reading its teachers (issue 27, docs/permissions.md "Fields").
 */
const STAFF_OR_SELF = { ...STAFF, self: true };

export const usersResource = defineResource({
  name: 'users',
  table: 'users',
  subject: 'user',
  fields: {
    id: f.id(),
    role_id: w(f.int()),
    firstname: w(f.string()),
    surname: w(f.string()),
    patronymic: w(f.string()),
    // Stored generated column (surname first name patronymic), so filters and sorts use its index.
    full_name: f.string(),
    email: w(f.string({ readableBy: MANAGE_USERS })),
    password: { ...f.hidden(), writable: true },
    source_id: w(f.int({ readableBy: STAFF_OR_SELF })),
    responsible_type_id: w(f.int()),
    active: w(f.bool()),
    viber_id: f.string({ readableBy: MANAGE_USERS, commandOnly: 'messenger bot connection' }),
    telegram_id: f.string({ readableBy: MANAGE_USERS, commandOnly: 'messenger bot connection' }),
    zoom: w(f.string()),
    googlemeet: w(f.string()),
    birthdate: w(f.date({ readableBy: STAFF_OR_SELF })),
    created_at: f.datetime(),
    updated_at: f.datetime({ default: false }),
  },
  relations: {
    role: rel.belongsTo('roles', 'role_id'),
    source: rel.belongsTo('user_sources', 'source_id', { readableBy: STAFF }),
    responsible_type: rel.belongsTo('responsibletypes', 'responsible_type_id'),
    phones: rel.hasMany('phones', 'user_id', { readableBy: MANAGE_USERS, writable: true, sort: ['id'] }),
    classes: rel.belongsToMany(
      'classifications',
      { table: 'classification_user', foreignKey: 'user_id', relatedKey: 'classification_id' },
      { writable: true, sort: ['number'] },
    ),
    languages: rel.belongsToMany(
      'languages',
      { table: 'language_user', foreignKey: 'user_id', relatedKey: 'language_id' },
      { writable: true, sort: ['code'] },
    ),
    responsibles: rel.belongsToMany(
      'users',
      { table: 'user_responsibles', foreignKey: 'child_id', relatedKey: 'responsible_id' },
      { readableBy: MANAGE_USERS, writable: true },
    ),
    childs: rel.belongsToMany(
      'users',
      { table: 'user_responsibles', foreignKey: 'responsible_id', relatedKey: 'child_id' },
      { writable: true },
    ),
    notes: rel.hasMany('notes', 'user_id', { readableBy: STAFF, sort: ['-created_at'] }),
    teacher: rel.hasOne('teachers', 'user_id'),
    contracts: rel.hasMany('contracts', 'student_id'),
    viber_tokens: rel.hasMany('messenger_tokens', 'user_id', {
      readableBy: MANAGE_USERS,
      where: { token_type: 'viber' },
    }),
    telegram_tokens: rel.hasMany('messenger_tokens', 'user_id', {
      readableBy: MANAGE_USERS,
      where: { token_type: 'telegram' },
    }),
  },
  computed: {
    // Study participants carry it (spec part 1 §3) and the users table shows it: cheap, always answered.
    bots_connected: {
      type: 'json',
      filterable: false,
      sortable: false,
      default: true,
      description: '{ telegram, viber }: whether the bots are connected',
    },
  },
  defaultSort: ['-id'],
  // Study participants, recording creators and message authors are shown with their role name.
  defaultWith: ['role'],
  operations: ['list', 'read', 'create', 'update', 'delete'],
  protectedIds: PROTECTED_USER_IDS,
  createSchema: userFormSchema,
  updateSchema: partialOf(userFormSchema),
});
