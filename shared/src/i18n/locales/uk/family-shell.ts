import type { FamilyTranslation, FamilyShellArea } from '../family-areas';
import { errors, errorUnknown } from './errors';
import { auth } from './auth';
import { app, common, languages, roles } from './common';
import { nav, titles } from './nav';
import { ui } from './shell';
import { family } from './family';

/** The areas the family app's shell and sign-in screens name: bundled with its first visit (family-areas.ts). */
export const ukFamilyShell: Pick<FamilyTranslation, FamilyShellArea> = {
  app,
  common,
  roles,
  languages,
  nav,
  titles,
  auth,
  errors,
  errorUnknown,
  ui,
  family,
};
