import type { ResourceDef } from './resource.types';
import { usersResource } from './users.resource';
import { phonesResource } from './phones.resource';
import { notesResource } from './notes.resource';
import { messengerTokensResource } from './messenger-tokens.resource';
import { contractsResource } from './contracts.resource';
import { subscriptionsResource } from './subscriptions.resource';
import { studiesTemplatesResource } from './studies-templates.resource';
import { invoicesResource } from './invoices.resource';
import { studiesResource } from './studies.resource';
import { schedulesResource } from './schedules.resource';
import { workperiodsResource } from './workperiods.resource';
import { offperiodsResource } from './offperiods.resource';
import { studyReportsResource } from './study-reports.resource';
import { studyTasksResource } from './study-tasks.resource';
import { studyMessagesResource } from './study-messages.resource';
import { recordingsResource } from './recordings.resource';
import { evaluationsResource } from './evaluations.resource';
import { teachersResource } from './teachers.resource';
import { rolesResource } from './roles.resource';
import { userSourcesResource } from './user-sources.resource';
import { responsibleTypesResource } from './responsible-types.resource';
import { phoneTypesResource } from './phone-types.resource';
import { classificationsResource } from './classifications.resource';
import { languagesResource } from './languages.resource';
import { contractTemplatesResource } from './contract-templates.resource';
import { invoiceTemplatesResource } from './invoice-templates.resource';
import { contractDisciplinesResource } from './contract-disciplines.resource';
import { studyTypesResource } from './study-types.resource';
import { teachingFormatsResource } from './teaching-formats.resource';
import { teachingProgramsResource } from './teaching-programs.resource';
import { teachingStylesResource } from './teaching-styles.resource';
import { studyDurationsResource } from './study-durations.resource';
import { featureFlagsResource } from './feature-flags.resource';
import { paymentsResource } from './payments.resource';

export * from './resource.types';
export { partialOf } from './define-resource';
export { subscriptionUpdateSchema } from './subscriptions.resource';

const ALL = [
  usersResource,
  phonesResource,
  notesResource,
  messengerTokensResource,
  contractsResource,
  subscriptionsResource,
  studiesTemplatesResource,
  invoicesResource,
  studiesResource,
  schedulesResource,
  workperiodsResource,
  offperiodsResource,
  studyReportsResource,
  studyTasksResource,
  studyMessagesResource,
  recordingsResource,
  evaluationsResource,
  teachersResource,
  rolesResource,
  userSourcesResource,
  responsibleTypesResource,
  phoneTypesResource,
  classificationsResource,
  languagesResource,
  contractTemplatesResource,
  invoiceTemplatesResource,
  contractDisciplinesResource,
  studyTypesResource,
  teachingFormatsResource,
  teachingProgramsResource,
  teachingStylesResource,
  studyDurationsResource,
  featureFlagsResource,
  paymentsResource,
] as const satisfies readonly ResourceDef[];

/** The name (URL segment) of every resource of the registry. */
export type ResourceName = (typeof ALL)[number]['name'];

export function isResourceName(name: string): name is ResourceName {
  return findResource(name) !== undefined;
}

/** Every resource by name (the URL segment). */
export const RESOURCES: Readonly<Record<string, ResourceDef>> = Object.freeze(
  Object.fromEntries(ALL.map((r) => [r.name, r])),
);

/** Own-property lookup only: a name like `constructor` or `__proto__` is not a resource. */
export function findResource(name: string): ResourceDef | undefined {
  return Object.prototype.hasOwnProperty.call(RESOURCES, name) ? RESOURCES[name] : undefined;
}

/** The registry without zod schemas: what a client may receive as JSON to build tables and filters. */
export function serializableRegistry(): Record<string, Omit<ResourceDef, 'createSchema' | 'updateSchema'>> {
  const out: Record<string, Omit<ResourceDef, 'createSchema' | 'updateSchema'>> = {};
  for (const { createSchema: _c, updateSchema: _u, ...rest } of ALL) out[rest.name] = rest;
  return out;
}
