import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// Code comments cite the product's rules by their place in docs/ (docs/rules.md#permissions):
// every cited page and heading must exist, and nothing may cite a document outside the repository.

const root = path.resolve(import.meta.dirname, '..');

/** The anchors GitHub gives a markdown page: heading slugs (numbered when repeated) and explicit ids. */
function anchorsOf(markdown: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  let fence = false;
  for (const line of markdown.split('\n')) {
    if (line.startsWith('```')) fence = !fence;
    if (fence) continue;
    const heading = /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line);
    if (heading) {
      const slug = heading[1]
        .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
        .replace(/<[^>]*>/g, '')
        .trim()
        .toLowerCase()
        .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '')
        .replace(/ /g, '-');
      const n = seen.get(slug) ?? 0;
      seen.set(slug, n + 1);
      anchors.add(n ? `${slug}-${n}` : slug);
    }
    for (const m of line.matchAll(/<a\s+(?:id|name)="([^"]+)"/g)) anchors.add(m[1]);
  }
  return anchors;
}

const sourceFiles = () =>
  execFileSync('git', ['ls-files', '-co', '--exclude-standard', 'apps', 'packages', 'e2e', 'scripts'], {
    cwd: root,
    encoding: 'utf8',
  })
    .split('\n')
    .filter((f) => /\.(ts|tsx|mts|mjs|js|sql|css|html)$/.test(f) && fs.existsSync(path.join(root, f)));

const pages = new Map<string, Set<string> | null>();
function anchorsOfPage(page: string) {
  if (!pages.has(page)) {
    const file = path.join(root, 'docs', page);
    pages.set(page, fs.existsSync(file) ? anchorsOf(fs.readFileSync(file, 'utf8')) : null);
  }
  return pages.get(page);
}

describe('citations of docs/ in the code', () => {
  it('gives the anchors GitHub gives', () => {
    const anchors = anchorsOf(
      '# Rules\n## Order life cycle\n## /os\n## Hours and closing\n## Hours and closing\n<a id="x"></a>\n',
    );
    expect([...anchors]).toEqual(['rules', 'order-life-cycle', 'os', 'hours-and-closing', 'hours-and-closing-1', 'x']);
  });

  it('points only at pages and headings that exist', () => {
    const broken: string[] = [];
    for (const file of sourceFiles()) {
      const text = fs.readFileSync(path.join(root, file), 'utf8');
      for (const m of text.matchAll(/docs\/([a-z-]+\.md)(?:#([a-z0-9-]+))?/g)) {
        const anchors = anchorsOfPage(m[1]);
        if (!anchors || (m[2] && !anchors.has(m[2]))) broken.push(`${file}: ${m[0]}`);
      }
    }
    expect(broken).toEqual([]);
  });

  it('cites no document outside the repository', () => {
    // Written in pieces so that this file does not match itself.
    const outside = new RegExp(
      ['DECI' + 'SIONS', 'SPEC\\.md', '\\bUI\\.md', 'ARCHITECTURE\\.md', 'STYLE\\.md', '[Ss]pec §', '\\b[Ii]ssue \\d'].join('|'),
    );
    const found: string[] = [];
    for (const file of sourceFiles()) {
      const lines = fs.readFileSync(path.join(root, file), 'utf8').split('\n');
      lines.forEach((line, i) => {
        if (outside.test(line)) found.push(`${file}:${i + 1}: ${line.trim()}`);
      });
    }
    expect(found).toEqual([]);
  });
});
