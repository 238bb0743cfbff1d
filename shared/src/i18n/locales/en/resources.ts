/** Messages of the generic resource API (docs/resource-api.md). */
export const resources = {
  bad_query: 'Invalid query parameter: {{parameter}}.',
  bad_id: 'Invalid record id.',
  forbidden_parameter: 'You may not use the query parameter {{parameter}}.',
  forbidden_field: 'You may not change the field "{{field}}".',
  command_only: 'The field "{{field}}" is changed only by its own action ({{command}}).',
  method_not_allowed: 'This action is not available for this resource.',
  delete_restricted: 'The record cannot be deleted: payments or study history depend on it ({{resource}}).',
  delete_restricted_by: {
    users:
      'The user cannot be deleted: studies, contracts, reports or homework refer to them. Make the user inactive instead.',
    contracts: 'The contract cannot be deleted: it has subscriptions or invoices.',
    subscriptions: 'The subscription cannot be deleted: it has invoices or studies.',
    studies:
      'The study cannot be deleted: it consumed a subscription or has reports, recordings or homework.',
    invoices: 'The invoice cannot be deleted: it has attachments.',
  },
  delete_paid_invoice:
    'A paid invoice cannot be deleted: the studies it pays for depend on it. Clear its pay date first.',
  miss_status_teacher: 'A teacher cannot set or change the "Billed Miss" status.',
  start_locked_billed_miss: 'The date cannot change while the miss status is "Billed Miss".',
  evaluation_not_found: 'No evaluation found.',
  evaluation_access_denied: 'Access denied.',
};
