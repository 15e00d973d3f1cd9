#!/usr/bin/env bash
# Development aid while a change is uncommitted: throws away the migrations that are not in git yet and
# generates one anew from the table files, so a change that reshapes its tables lands as one migration.
set -euo pipefail
cd "$(dirname "$0")/../../apps/server"
name=${1:-carts}
git ls-files --others --exclude-standard drizzle | xargs -r rm -f
git checkout -- drizzle/meta/_journal.json
PATH="$(pwd)/../../node_modules/.bin:$PATH" drizzle-kit generate --name "$name"
