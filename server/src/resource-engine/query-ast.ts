import type { ComputedDef, FieldDef, RelationDef, ResourceDef } from '@school/shared/resources';

/**
 * The query language as a typed tree. `ParsedQuery` is what the raw query string says (syntax
 * only); `ResolvedQuery` is the same request checked against the registry, with every name
 * bound to a declared field/relation and every value typed. SQL is built from the resolved
 * tree only, so nothing the client wrote reaches SQL except as a bound value.
 */

/** `%x%` contains, `a|b|c` any of, otherwise exact. */
export type FilterValue =
  { op: 'contains'; value: string } | { op: 'in'; values: string[] } | { op: 'eq'; value: string };

export interface SortTerm {
  field: string;
  desc: boolean;
}

/** A dotted reference `rel.rel.field` split into its relation path and the field. */
export interface PathRef {
  path: string[];
  field: string;
}

export interface WithPath {
  path: string[];
  /** `rel:col1,col2`; null = the resource's default columns. */
  columns: string[] | null;
}

export interface ParsedQuery {
  page: number | null;
  perPage: number | null;
  sort: SortTerm[];
  filters: Array<{ field: string; value: FilterValue }>;
  datesStart: Array<{ field: string; value: string }>;
  /** filterDatesEnd[field]: on or before (the studies table's "start to"). */
  datesEnd: Array<{ field: string; value: string }>;
  with: WithPath[];
  withCount: string[];
  withFilter: Array<PathRef & { value: FilterValue }>;
  withHaving: Array<PathRef & { pattern: string }>;
  having: Array<{ field: string; pattern: string }>;
  withSort: Array<PathRef & { desc: boolean }>;
  select: string[] | null;
}

export type Scalar = string | number | boolean;

/** A typed condition on one column or computed attribute. */
export type Condition =
  | { kind: 'in'; values: Scalar[] }
  /** ILIKE with a ready pattern; `asText` compares the value's text form (ints, dates). */
  | { kind: 'like'; pattern: string; asText: boolean }
  /** `orNull`: NULL passes too (open-ended fields, FieldDef.openEnded). */
  | { kind: 'gte'; value: string; orNull?: boolean }
  /** `field <= value`, or `field < value` when `exclusive` (a bare date: before the next Kyiv midnight). */
  | { kind: 'lte'; value: string; exclusive: boolean }
  /** yyyy-MM-dd days (Europe/Kyiv) a date-time falls on. */
  | { kind: 'days'; values: string[] };

/** A field or computed attribute of a resource, as the SQL builder needs it. */
export type Target =
  { kind: 'field'; name: string; def: FieldDef } | { kind: 'computed'; name: string; def: ComputedDef };

export interface ResolvedCondition {
  /** Parameter as the client wrote it, for error messages raised later (missing hook). */
  parameter: string;
  target: Target;
  condition: Condition;
}

/** A chain of relations ending in a condition: compiled as nested EXISTS. */
export interface RelationCondition {
  parameter: string;
  hops: RelationHop[];
  target: Target;
  condition: Condition;
}

export interface RelationHop {
  name: string;
  relation: RelationDef;
  /** The resource the hop starts from. */
  from: ResourceDef;
  /** The related resource. */
  to: ResourceDef;
}

export interface WithNode extends RelationHop {
  /** Explicit column list, or null for the related resource's default columns. */
  columns: string[] | null;
  /** withSort[] terms; `parameter` as the client wrote it, for the field guard's 403. */
  sort: Array<SortTerm & { parameter?: string }>;
  children: WithNode[];
  /** The with[] parameter that first named this node. */
  parameter: string;
}

export interface CountNode extends RelationHop {
  /** Answer key: `<relation>_count`. */
  key: string;
  parameter: string;
}

export interface ResolvedQuery {
  resource: ResourceDef;
  /** Null page = the calendar-style full list (capped). */
  page: number | null;
  perPage: number;
  sort: Array<{ target: Target; desc: boolean; parameter: string }>;
  conditions: ResolvedCondition[];
  relationConditions: RelationCondition[];
  with: WithNode[];
  withCount: CountNode[];
  /** Explicit select[] (fields and computed names); null = default columns. */
  select: string[] | null;
}
