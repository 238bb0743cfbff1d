/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Set at build time (vite configs): a cache persisted by another build is dropped. */
  readonly VITE_STAFF_BUILD?: string;
}
