import { defineResource, f } from './define-resource';

/** The weekly slots a subscription was generated from; written only by subscription generation. */
export const studiesTemplatesResource = defineResource({
  name: 'studies_templates',
  table: 'studies_templates',
  subject: 'subscription',
  fields: {
    id: f.id(),
    subscription_id: f.int(),
    weekday: f.int(),
    start_time: f.time(),
    duration: f.int(),
  },
  defaultSort: ['weekday'],
  operations: [],
});
