import { defineResource, f, rel } from './define-resource';

const profilePivot = (resource: string, table: string, relatedKey: string) =>
  rel.belongsToMany(resource, { table, foreignKey: 'teacher_id', relatedKey }, { sort: ['id'] });

/** The read-only teachers listing (spec part 2 §2); profiles are edited through the user form. */
export const teachersResource = defineResource({
  name: 'teachers',
  table: 'teachers',
  subject: 'teacher',
  fields: {
    id: f.id(),
    user_id: f.int(),
    manager_id: f.int(),
    priority: f.int(),
    sex: f.int(),
    created_at: f.datetime(),
  },
  relations: {
    user: rel.belongsTo('users', 'user_id'),
    manager: rel.belongsTo('users', 'manager_id'),
    // A teacher's classes and languages are its user's (pivots keyed by user_id).
    classes: rel.belongsToMany(
      'classifications',
      { table: 'classification_user', foreignKey: 'user_id', relatedKey: 'classification_id' },
      { localKey: 'user_id', sort: ['number'] },
    ),
    languages: rel.belongsToMany(
      'languages',
      { table: 'language_user', foreignKey: 'user_id', relatedKey: 'language_id' },
      { localKey: 'user_id', sort: ['code'] },
    ),
    teaching_formats: profilePivot('teaching_formats', 'teacher_teaching_format', 'teaching_format_id'),
    teaching_programs: profilePivot('teaching_programs', 'teacher_teaching_program', 'teaching_program_id'),
    teaching_styles: profilePivot('teaching_styles', 'teacher_teaching_style', 'teaching_style_id'),
    teaching_study_types: profilePivot('study_types', 'teacher_study_type', 'study_type_id'),
    study_durations: profilePivot('study_durations', 'teacher_study_duration', 'study_duration_id'),
  },
  computed: {
    // Both are columns of the teachers listing (spec part 2 §2), so the listing's own call answers
    // them without select[]; computed for the rows of the page only.
    age: {
      type: 'int',
      filterable: true,
      sortable: true,
      default: true,
      description: 'from the user birthdate',
    },
    available_workperiods: {
      type: 'json',
      filterable: false,
      sortable: false,
      default: true,
      description: 'free work slots: start, end, futureStudiesCount',
    },
  },
  defaultSort: ['priority'],
  // Spec part 2 §7: `GET api/teachers?withFilter[user.active]=1` "includes user, classes, languages,
  // teaching data, study durations, manager".
  listWith: [
    'user',
    'classes',
    'languages',
    'teaching_formats',
    'teaching_programs',
    'teaching_styles',
    'teaching_study_types',
    'study_durations',
    'manager',
  ],
  operations: ['list', 'read'],
});
