import { z } from 'zod';
import { issueMessage } from './edge';

// Validation messages in Portuguese on both sides, the same sentence in the form and in the API:
// every issue a schema wrote no message for is said by issueMessage (edge.ts), naming the field in
// its screen words and what is expected (docs/rules.md#validation). Every schema module imports `z`
// from here, so the map is set wherever a schema is, and only there: a bundle that needs no schema
// (the sign-in page) carries no Zod. The Portuguese locale stays underneath for anything unmapped.
// In a browser the page's security policy allows no eval: zod must not even probe for it, and it probes
// when the first object schema is built, so the switch is set here, before any schema of this package
// exists (the web app's chunks may load this package before its own lib/zod-config.ts runs). The server
// keeps zod's compiled parsers.
if ('document' in globalThis) z.config({ jitless: true });
z.config(z.locales.pt());
z.config({ customError: issueMessage });

export { z };
