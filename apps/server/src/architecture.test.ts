import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * The server's layering, read from its own imports (docs/architecture.md, "Layers"): tables are the lowest
 * layer, and no two modules import each other. Test files and `*.test-support.ts` are not production code.
 */
const SRC = path.resolve(import.meta.dirname);

function productionFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return productionFiles(full);
    return /\.ts$/.test(entry.name) && !/\.test(-support)?\.ts$/.test(entry.name) ? [full] : [];
  });
}

/** Every relative import of every production file, resolved to the file it names. */
const imports = productionFiles(SRC).flatMap((file) =>
  ts
    .preProcessFile(fs.readFileSync(file, 'utf8'), true, true)
    .importedFiles.map((imported) => imported.fileName)
    .filter((name) => name.startsWith('.'))
    .map((name) => ({ from: file, to: path.resolve(path.dirname(file), name) })),
);

const relative = (file: string) => path.relative(SRC, file);
/** `modules/<name>` for a module's files, else the top folder (or file) under src. */
const unitOf = (file: string) => {
  const parts = relative(file).split(path.sep);
  return parts[0] === 'modules' ? `modules/${parts[1]}` : parts[0]!.replace(/\.ts$/, '');
};

describe('server layering', () => {
  it('keeps the tables the lowest layer: they import only each other', () => {
    const upward = imports
      .filter(({ from }) => relative(from).startsWith(`db${path.sep}tables${path.sep}`))
      .filter(({ to }) => !relative(to).startsWith(`db${path.sep}tables${path.sep}`))
      .map(({ from, to }) => `${relative(from)} → ${relative(to)}`);
    expect(upward).toEqual([]);
  });

  it("has no pair of modules importing each other (one that needs another's behaviour owns a port)", () => {
    const arrows = new Set(
      imports
        .map(({ from, to }) => [unitOf(from), unitOf(to)] as const)
        .filter(([a, b]) => a !== b && a.startsWith('modules/') && b.startsWith('modules/'))
        .map(([a, b]) => `${a} -> ${b}`),
    );
    const mutual = [...arrows]
      .map((arrow) => arrow.split(' -> ') as [string, string])
      .filter(([a, b]) => a < b && arrows.has(`${b} -> ${a}`))
      .map(([a, b]) => `${a} <-> ${b}`)
      .sort();
    expect(mutual).toEqual([]);
  });

  it('has no route, plugin or socket gateway that builds a service or a repository', () => {
    const builds = /\bnew [A-Z]\w*(Repository|Service|Lookup|Access|Check)\(/;
    const builders = productionFiles(SRC)
      .filter((file) => /\.routes\.ts$/.test(file) || /^(plugins|realtime)\//.test(relative(file)))
      .filter((file) => builds.test(fs.readFileSync(file, 'utf8')))
      .map(relative);
    expect(builders).toEqual([]);
  });

  it('builds every repository and service in the composition root only (a repository may rebind itself)', () => {
    const root = new Set(['services.ts', 'runtime.ts']);
    const builds = /\bnew ([A-Z]\w*(?:Repository|Service))\(/g;
    const builders = productionFiles(SRC)
      .filter((file) => !root.has(relative(file)))
      .flatMap((file) => {
        const text = fs.readFileSync(file, 'utf8');
        return [...text.matchAll(builds)]
          .filter(([, name]) => !text.includes(`class ${name} `)) // its own `in(tx)`
          .map(([, name]) => `${relative(file)}: new ${name}`);
      });
    expect(builders).toEqual([]);
  });

  it('keeps the layers below the modules (lib, db, devices, broker, plugins) free of module imports', () => {
    const lower = /^(lib|db|devices|broker|plugins)$/;
    const upward = imports
      .filter(({ from, to }) => lower.test(unitOf(from)) && unitOf(to).startsWith('modules/'))
      .map(({ from, to }) => `${relative(from)} → ${relative(to)}`);
    expect(upward).toEqual([]);
  });

  it('lets modules see the composition root only as types (context.ts), never its values', () => {
    const valueImports = productionFiles(SRC)
      .filter((file) => unitOf(file).startsWith('modules/'))
      .flatMap((file) =>
        [...fs.readFileSync(file, 'utf8').matchAll(/^import (?!type )[^;]*from '([^']+)';/gm)]
          .map(([, name]) => path.resolve(path.dirname(file), name!))
          .filter((target) => /^(context|services|runtime)$/.test(relative(target)))
          .map((target) => `${relative(file)} → ${relative(target)}`),
      );
    expect(valueImports).toEqual([]);
  });
});
