import { z } from 'zod';
import { ROLE, ROLE_IDS, inRoleGroup } from '../domain/roles';
import { PRIORITIES, RESPONSIBLE_TYPE, SEX, idsOf } from '../domain/vocabularies';
import { id, list, numeric, optionalId, optionalIdList, requiredFlag, secret, text } from './coercion';
import { phoneSchema } from './phone.schema';
import { isoDate, oneOf, whenValid } from './laravel-rules';
import { TEXT_MAX, emailString, lineString, newPasswordString } from './text-limits';

const optionalLine = () => text.optional(lineString());

/**
 * Create and update share one schema. The email may be left empty (the server then generates one
 * on an example domain, part 2 §5); the password is optional on update, hence optional here:
 * the create route requires it itself.
 */
export const userFormSchema = z
  .object({
    firstname: text.required(lineString()),
    surname: optionalLine(),
    patronymic: optionalLine(),
    email: text.optional(emailString()),
    password: secret.optional(newPasswordString()),
    role_id: numeric.required(oneOf(ROLE_IDS)),
    // Any source of the catalogue (GET api/user_sources): the database refuses an unknown one (422 exists).
    source_id: id(),
    responsible_type_id: numeric.optional(oneOf(idsOf(RESPONSIBLE_TYPE))),
    active: requiredFlag(),
    classes: list.optional(z.array(id())),
    phones: list.optional(z.array(phoneSchema)),
    languages: optionalIdList(),
    childs: optionalIdList(),
    responsibles: optionalIdList(),
    birthdate: text.optional(isoDate()),
    notes: text.optional(z.string().max(TEXT_MAX.note)),
    zoom: optionalLine(),
    googlemeet: optionalLine(),
    manager_id: optionalId(),
    priority: numeric.optional(oneOf(PRIORITIES)),
    sex: numeric.optional(oneOf(idsOf(SEX))),
    teaching_formats: optionalIdList(),
    teaching_programs: optionalIdList(),
    teaching_styles: optionalIdList(),
    teaching_study_types: optionalIdList(),
    study_durations: optionalIdList(),
  })
  .superRefine(
    (user, ctx) => {
      const requireField = (field: keyof typeof user) => {
        if (user[field] === undefined || user[field] === null) {
          ctx.addIssue({
            code: 'custom',
            path: [field],
            message: 'validations.required',
            input: user[field],
          });
        }
      };
      if (inRoleGroup('needsResponsibleType', user.role_id)) requireField('responsible_type_id');
      if (user.role_id === ROLE.Teacher) {
        requireField('manager_id');
        requireField('priority');
        requireField('sex');
      }
    },
    { when: whenValid('role_id') },
  );
export type UserFormInput = z.output<typeof userFormSchema>;
