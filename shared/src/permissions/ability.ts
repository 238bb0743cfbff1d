import { createMongoAbility, subject as tagSubject, type MongoAbility, type RawRuleOf } from '@casl/ability';
import { permittedFieldsOf } from '@casl/ability/extra';
import type { AbilityRule } from '../domain/auth-user.types';
import { defineRulesFor, type AbilityUser } from './role-abilities';
import type { Action, Subject, SubjectName, SubjectObject } from './subjects';

export type AppAbility = MongoAbility<[Action, Subject]>;
export type AppRule = RawRuleOf<AppAbility>;

/** Accepts rules as they arrive over the wire (AuthUser.abilities), hence the loose element type. */
export function createAbility(rules: readonly (AbilityRule | AppRule)[]): AppAbility {
  return createMongoAbility<AppAbility>(rules as AppRule[]);
}

export function abilityFor(user: AbilityUser): AppAbility {
  return createAbility(defineRulesFor(user));
}

/** Tags a plain row with its subject name so conditions are checked against it. */
export function asSubject<T extends Record<string, unknown>>(
  name: Exclude<SubjectName, 'all'>,
  object: T,
): T & SubjectObject {
  return tagSubject(name, object) as T & SubjectObject;
}

export function can(ability: AppAbility, action: Action, subject: Subject, field?: string): boolean {
  return ability.can(action, subject, field);
}

export function cannot(ability: AppAbility, action: Action, subject: Subject, field?: string): boolean {
  return !can(ability, action, subject, field);
}

/**
 * Fields of `allFields` the ability allows for the action: a rule without `fields` allows all of them.
 * The server uses it to strip unwritable fields; forms use it to disable inputs.
 */
export function permittedFields(
  ability: AppAbility,
  action: Action,
  subject: Subject,
  allFields: readonly string[],
): string[] {
  return permittedFieldsOf(ability, action, subject, {
    fieldsFrom: (r) => r.fields ?? [...allFields],
  }).filter((field) => allFields.includes(field));
}
