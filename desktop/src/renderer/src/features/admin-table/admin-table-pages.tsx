import type { ComponentType } from 'react';
import type { RouteParams } from '@school/shared/ui';
import { STUDIES_TABLE_PAGE, StudiesTablePage } from './studies-table-page';

/** The admin pages that have their table, by path (the others stay placeholders until theirs land). */
export const adminTablePages: Readonly<Record<string, ComponentType<{ params: RouteParams }>>> = {
  [STUDIES_TABLE_PAGE]: StudiesTablePage,
};
