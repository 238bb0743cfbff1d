import type { uk } from './uk';

type Widen<T> = { [K in keyof T]: T[K] extends string ? string : Widen<T[K]> };

/** The shape every language must fill exactly: Ukrainian is the reference language. */
export type Translation = Widen<typeof uk>;
