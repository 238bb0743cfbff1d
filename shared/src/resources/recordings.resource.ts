import { defineResource, f, rel } from './define-resource';

/** Read side of recordings; upload, replace and delete move files and are the recordings feature's. */
export const recordingsResource = defineResource({
  name: 'recordings',
  table: 'recordings',
  subject: 'recording',
  fields: {
    id: f.id(),
    study_id: f.int(),
    part: f.int(),
    file_name: f.string(),
    file_mime: f.string(),
    file_size: f.int(),
    duration_seconds: f.number(),
    storage_key: f.hidden(),
    archived: f.bool(),
    created_by: f.int(),
    created_at: f.datetime(),
    updated_at: f.datetime({ default: false }),
  },
  relations: {
    study: rel.belongsTo('studies', 'study_id'),
    creator: rel.belongsTo('users', 'created_by'),
    languages: rel.belongsToMany(
      'languages',
      { table: 'recording_language', foreignKey: 'recording_id', relatedKey: 'language_id' },
      { sort: ['code'] },
    ),
  },
  defaultSort: ['part'],
  operations: ['list', 'read'],
});
