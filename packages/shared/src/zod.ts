import { z } from 'zod';

// Validation messages in Portuguese on both sides (the API names the field; Zod says why). Every schema
// module imports `z` from here, so the locale is set wherever a schema is, and only there: a bundle that
// needs no schema (the sign-in page) carries no Zod.
z.config(z.locales.pt());

export { z };
