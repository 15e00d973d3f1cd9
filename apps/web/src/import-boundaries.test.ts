// @vitest-environment node
import fs from 'node:fs';
import path from 'node:path';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

/**
 * The web layering (docs/architecture.md, "The web app") is kept by `web-boundaries/import-boundaries` in
 * eslint.config.js. Each case lints one import, as a file at the given place, with the repository's own
 * config (Vitest runs from the repository root), so the test fails if the rule or its wiring goes.
 */
const eslint = new ESLint();
const RULE = 'web-boundaries/import-boundaries';

// The first lint loads the config, its plugins and the TypeScript parser: seconds on a busy machine.
beforeAll(() => eslint.lintText('', { filePath: 'apps/web/src/lib/warm-up.ts' }), 60_000);

async function boundaryErrors(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(`${code}\nexport const probe = value;\n`, { filePath });
  return (result?.messages ?? []).filter((message) => message.ruleId === RULE).map((m) => m.message);
}

describe('web import boundaries', () => {
  it.each([
    ['lib/ importing a feature', 'apps/web/src/lib/probe.ts', "import { value } from '../features/map';"],
    [
      'components/ importing a feature',
      'apps/web/src/components/map/Probe.tsx',
      "import { value } from '../../features/sites/api/get-site';",
    ],
    [
      "a feature importing another feature's internals",
      'apps/web/src/features/fleet/components/Probe.tsx',
      "import { value } from '../../devices/components/BatteryIndicator';",
    ],
    [
      "a feature loading another feature's internals on demand",
      'apps/web/src/features/fleet/Probe.tsx',
      "const value = import('../history/components/HistoryLayer');",
    ],
    [
      "a feature re-exporting another feature's internals",
      'apps/web/src/features/map/index.ts',
      "export { value } from '../zones/components/ZonesLayer';",
    ],
    [
      "production code importing another feature's test support",
      'apps/web/src/features/fleet/Probe.tsx',
      "import { value } from '../members/testing/member-fixtures';",
    ],
    [
      'a feature importing app/',
      'apps/web/src/features/reports/Probe.tsx',
      "import { value } from '../../app/router';",
    ],
    [
      'the guest page importing an operator feature',
      'apps/web/src/ride/pages/Probe.tsx',
      "import { value } from '../../features/sites';",
    ],
    [
      'a path into packages/domain/src',
      'apps/web/src/ride/Probe.ts',
      "import { value } from '../../../../packages/domain/src/rules/rides';",
    ],
    [
      'the domain package’s src by name',
      'apps/web/src/ride/Probe.ts',
      "import { value } from '@fairway/domain/src/index';",
    ],
    [
      "another feature's on-demand file, imported statically",
      'apps/web/src/features/fleet/Probe.tsx',
      "import { value } from '../devices/lazy';",
    ],
  ])('refuses %s', async (_case, filePath, code) => {
    expect(await boundaryErrors(filePath, code)).toHaveLength(1);
  });

  it.each([
    [
      "another feature's public file",
      'apps/web/src/features/fleet/Probe.tsx',
      "import { value } from '../devices';",
    ],
    [
      'its own internals',
      'apps/web/src/features/fleet/Probe.tsx',
      "import { value } from './components/FleetGrid';",
    ],
    [
      "another feature's test support, from a test",
      'apps/web/src/features/fleet/Probe.test.tsx',
      "import { value } from '../members/testing/member-fixtures';",
    ],
    [
      'lib/ from a feature',
      'apps/web/src/features/fleet/Probe.tsx',
      "import { value } from '../../lib/money';",
    ],
    ['lib/ from components/', 'apps/web/src/components/Probe.tsx', "import { value } from '../lib/money';"],
    ['a feature from app/', 'apps/web/src/app/Probe.tsx', "import { value } from '../features/map/MapPage';"],
    [
      'a domain subpath export',
      'apps/web/src/ride/Probe.ts',
      "import { value } from '@fairway/domain/rules/rides';",
    ],
    [
      "another feature's on-demand file, by import()",
      'apps/web/src/features/fleet/cart/Probe.tsx',
      "const value = import('../../devices/lazy');",
    ],
    [
      "another feature's test support, from test support",
      'apps/web/src/features/payments/revenue/testing/probe.tsx',
      "import { value } from '../../../commands/testing/fixtures';",
    ],
  ])('allows %s', async (_case, filePath, code) => {
    expect(await boundaryErrors(filePath, code)).toEqual([]);
  });
});

describe('the guest page and the domain barrel', () => {
  const restricted = async (code: string) => {
    const [result] = await eslint.lintText(`${code}\n`, { filePath: 'apps/web/src/ride/pages/Probe.tsx' });
    return (result?.messages ?? []).filter((m) => m.ruleId === '@typescript-eslint/no-restricted-imports');
  };

  it('refuses a value from @fairway/domain (it would build every schema on the first visit)', async () => {
    expect(
      await restricted("import { RIDE_POLL_MS } from '@fairway/domain';\nexport const x = RIDE_POLL_MS;"),
    ).toHaveLength(1);
  });

  it('allows its types and the subpath exports', async () => {
    const code = [
      "import type { GuestRideView } from '@fairway/domain';",
      "import { RIDE_POLL_MS } from '@fairway/domain/rules/rides';",
      'export const x: GuestRideView | number = RIDE_POLL_MS;',
    ].join('\n');
    expect(await restricted(code)).toEqual([]);
  });
});

describe('features', () => {
  /** Which features each feature imports, read from the source (through index.ts or not). */
  function featureImports(): Map<string, Set<string>> {
    const root = path.join(import.meta.dirname, 'features');
    const uses = new Map<string, Set<string>>();
    for (const feature of fs.readdirSync(root)) {
      const used = new Set<string>();
      const files = fs.globSync('**/*.{ts,tsx}', { cwd: path.join(root, feature) });
      for (const file of files.filter((name) => !/\.test\.tsx?$|testing\//.test(name))) {
        const full = path.join(root, feature, file);
        for (const [, spec] of fs.readFileSync(full, 'utf8').matchAll(/(?:from|import\()\s*'(\.[^']+)'/g)) {
          const target = path.relative(root, path.resolve(path.dirname(full), spec!)).split(path.sep)[0]!;
          if (!target.startsWith('..') && target !== feature) used.add(target);
        }
      }
      uses.set(feature, used);
    }
    return uses;
  }

  it('never import each other both ways (one depends on the other, or both on lib/)', () => {
    const uses = featureImports();
    const mutual = [...uses].flatMap(([feature, used]) =>
      [...used]
        .filter((other) => feature < other && uses.get(other)?.has(feature))
        .map((o) => `${feature} <-> ${o}`),
    );
    expect(mutual).toEqual([]);
  });
});
