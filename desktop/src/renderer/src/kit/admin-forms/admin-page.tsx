import { createContext, useContext, type ComponentType, type ReactNode } from 'react';
import type { RouteParams } from '@school/shared/ui';
import type { AdminPageDeclaration } from '../../../../common/admin-pages';
import type { AdminFormDefinition } from './admin-form.types';

/**
 * What a resource folder adds to its page's declaration (common/admin-pages.ts): its table and,
 * when it has one, its form (opened by `?create` / `?edit=<id>` and the table's Add and pencil
 * buttons) or a dialog of its own. The registry (app/admin-page-registry.ts) points down at these;
 * a page never points back up at the registry: it reads its own form from useAdminPageForm().
 */
export interface AdminPageParts {
  Table: ComponentType<{ params: RouteParams }>;
  form?: AdminFormDefinition;
  /** A dialog over the page that is not an admin form (the study report's own route). */
  overlay?: ComponentType;
}

/** A declared page with its parts: what routes, links and dialogs are made from. */
export interface AdminPage extends AdminPageDeclaration, AdminPageParts {}

const AdminPageContext = createContext<AdminFormDefinition | undefined>(undefined);

/** Given by the route to the page it renders: the page's form, if it has one. */
export function AdminPageFormProvider({
  form,
  children,
}: {
  form: AdminFormDefinition | undefined;
  children: ReactNode;
}) {
  return <AdminPageContext.Provider value={form}>{children}</AdminPageContext.Provider>;
}

/** The form of the admin page being shown, or undefined (no Add or pencil buttons then). */
export function useAdminPageForm(): AdminFormDefinition | undefined {
  return useContext(AdminPageContext);
}
