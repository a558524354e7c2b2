// The first screen's reads start while the app's code downloads (docs/rules.md#performance-budgets):
// the session everywhere but the portal, and the technician's job list on /service-orders. An async
// classic script (the security policy forbids inline ones); src/lib/early-reads.ts hands each answer
// to the API client once, within 10 s, and drops them all at sign-in and sign-out.
(() => {
  const path = location.pathname.toLowerCase().replace(/(.)\/+$/, '$1');
  if (path.startsWith('/portal')) return;
  const read = (url) => {
    const response = fetch(url, { credentials: 'include', headers: { Accept: 'application/json' } });
    response.catch(() => undefined);
    return { url, at: Date.now(), response };
  };
  // A signed-in screen's code (the frame, the job list): the 'field' chunk named in index.html by vite.config.ts.
  const field = document.querySelector('meta[name="os-field-code"]')?.getAttribute('content');
  if (field && path !== '/login' && path !== '/esqueci' && path !== '/bi') {
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.crossOrigin = '';
    link.href = field;
    document.head.appendChild(link);
  }
  const reads = [read('/api/auth/me')];
  if (path === '/service-orders') reads.push(read('/api/lancamentos'));
  window.__earlyReads = reads;
})();
