/** What public/boot.js started before the app's code ran. */
interface EarlyRead {
  url: string;
  at: number;
  response: Promise<Response>;
}

const holder = window as { __earlyReads?: EarlyRead[] };
const MAX_AGE_MS = 10_000;

/** The answer public/boot.js already asked for `path`, once; undefined when there is none. */
export function takeEarlyRead(path: string): Promise<Response> | undefined {
  const reads = holder.__earlyReads;
  const index = reads ? reads.findIndex((r) => r.url === path) : -1;
  if (!reads || index < 0) return undefined;
  const [read] = reads.splice(index, 1);
  return read && Date.now() - read.at < MAX_AGE_MS ? read.response : undefined;
}

/** Signing in or out: an answer asked for with the previous session is never used. */
export function dropEarlyReads() {
  holder.__earlyReads = [];
}
