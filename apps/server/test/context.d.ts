declare module 'vitest' {
  export interface ProvidedContext {
    /** 'embedded': the PostgreSQL the product starts itself (one per run); 'postgres': TEST_DATABASE_URL's server. */
    dbKind: 'embedded' | 'postgres';
    /** The server's URL (to its `postgres` or `test` database): tests create and drop databases there. */
    dbServer: string;
    /** The migrated, seeded template database that each test file copies. */
    dbTemplate: string;
  }
}

export {};
