import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

// The size the code is kept at (docs/style.md): a file of apps/*/src at most 400 lines, a function at
// most 120, so each thing stays small enough to be read in one sitting and named for what it does.

const root = path.resolve(import.meta.dirname, '..');
const MAX_FILE_LINES = 400;
const MAX_FUNCTION_LINES = 120;

const sourceFiles = () =>
  execFileSync('git', ['ls-files', '-co', '--exclude-standard', 'apps/server/src', 'apps/web/src', 'packages/shared/src'], {
    cwd: root,
    encoding: 'utf8',
  })
    .split('\n')
    .filter((f) => /\.tsx?$/.test(f) && !/\.test\.tsx?$/.test(f) && fs.existsSync(path.join(root, f)));

function lineCount(text: string): number {
  return text.replace(/\n$/, '').split('\n').length;
}

/** Functions longer than the limit: declarations, methods, arrows and function expressions, nested ones too. */
function longFunctions(file: string, text: string): string[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isFunctionLike(node) && 'body' in node && node.body) {
      const start = source.getLineAndCharacterOfPosition(node.getStart(source)).line;
      const end = source.getLineAndCharacterOfPosition(node.getEnd()).line;
      const lines = end - start + 1;
      if (lines > MAX_FUNCTION_LINES) found.push(`${file}:${start + 1} (${lines} lines)`);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

// Parsing every source file takes a few seconds on a busy machine.
describe('size of the code', { timeout: 60_000 }, () => {
  const files = sourceFiles().map((f) => ({ file: f, text: fs.readFileSync(path.join(root, f), 'utf8') }));

  it(`keeps every source file at most ${MAX_FILE_LINES} lines`, () => {
    expect(files.length).toBeGreaterThan(100);
    const long = files.filter((f) => lineCount(f.text) > MAX_FILE_LINES).map((f) => `${f.file} (${lineCount(f.text)} lines)`);
    expect(long).toEqual([]);
  });

  it(`keeps every function at most ${MAX_FUNCTION_LINES} lines`, () => {
    expect(files.flatMap((f) => longFunctions(f.file, f.text))).toEqual([]);
  });
});
