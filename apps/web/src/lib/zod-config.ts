import { z } from 'zod';

// The page's security policy allows no eval: zod must not even probe for it (the probe is reported
// as a policy violation). Imported first by main.tsx, before any module can parse with a schema.
z.config({ jitless: true });
