import { z } from 'zod';
import { issueMessage } from './edge';

// Validation messages in Portuguese on both sides, the same sentence in the form and in the API:
// every issue a schema wrote no message for is said by issueMessage (edge.ts), naming the field in
// its screen words and what is expected (docs/rules.md#validation). Every schema module imports `z`
// from here, so the map is set wherever a schema is, and only there: a bundle that needs no schema
// (the sign-in page) carries no Zod. The Portuguese locale stays underneath for anything unmapped.
z.config(z.locales.pt());
z.config({ customError: issueMessage });

export { z };
