/** Debian's Chromium, as root, with no network but the loopback (DEVELOPERS.md): the flags every browser here starts with. */
export const CHROMIUM = {
  executablePath: '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
};
