// The server's OpenAPI document (as served at /api/docs/json), built without a database.
//   tsx scripts/openapi.mjs [out.json]   writes it to the file, or to stdout
//   tsx scripts/openapi.mjs --lint       lints it with redocly (npm run lint:openapi); exits 1 on an error
import fs from 'node:fs';
import { buildOpenApiDocument, lintOpenApiDocument } from '../apps/server/src/openapi-document.ts';

const document = await buildOpenApiDocument();
const arg = process.argv[2];
if (arg === '--lint') {
  const problems = await lintOpenApiDocument(document);
  for (const problem of problems)
    console.log(
      `${problem.severity.padEnd(5)} ${problem.ruleId}: ${problem.message}\n      at ${problem.pointer}`,
    );
  const errors = problems.filter((problem) => problem.severity === 'error').length;
  console.log(`OpenAPI document: ${errors} error(s), ${problems.length - errors} warning(s)`);
  process.exitCode = errors > 0 ? 1 : 0;
} else {
  const json = `${JSON.stringify(document, null, 2)}\n`;
  if (arg) fs.writeFileSync(arg, json);
  else process.stdout.write(json);
}
