declare module 'vitest' {
  export interface ProvidedContext {
    /** 'pglite': path of a dump of the migrated, seeded database; 'postgres': name of the template database. */
    dbKind: 'pglite' | 'postgres';
    dbTemplate: string;
  }
}

export {};
