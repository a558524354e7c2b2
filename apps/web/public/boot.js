// The one classic script before first paint (a file, not inline: the security policy forbids inline
// scripts; one file, not two, so it takes one of HTTP/1.1's six connections, not two):
// - the theme class, so a dark-theme user never sees a white flash (same storage key and default as
//   src/lib/theme.tsx);
// - the first screen's reads, started while the app's code downloads (docs/rules.md#performance-budgets):
//   the session everywhere but the portal, and the technician's job list on /service-orders.
//   src/lib/early-reads.ts hands each answer to the API client once, within 10 s, and drops them all
//   at sign-in and sign-out.
// A signed-in screen's code (the 'field' chunk) is asked for by the page itself (a <link rel="modulepreload">
// the build writes into index.html, apps/web/vite.config.ts).
(() => {
  let theme = null;
  try {
    theme = localStorage.getItem('theme');
  } catch {
    // Storage can be blocked; fall back to the system preference.
  }
  if (theme !== 'light' && theme !== 'dark') {
    theme = window.matchMedia?.('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
  }
  document.documentElement.classList.toggle('dark', theme === 'dark');

  const path = location.pathname.toLowerCase().replace(/(.)\/+$/, '$1');
  if (path.startsWith('/portal')) return;
  const read = (url) => {
    const response = fetch(url, { credentials: 'include', headers: { Accept: 'application/json' } });
    response.catch(() => undefined);
    return { url, at: Date.now(), response };
  };
  const reads = [read('/api/auth/me')];
  if (path === '/service-orders') reads.push(read('/api/lancamentos'));
  window.__earlyReads = reads;
})();
