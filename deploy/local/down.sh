#!/usr/bin/env bash
# Stops the layout up.sh started (or the one in the directory given) and removes its database and files.
set -euo pipefail
cd "$(dirname "$0")/../.."
exec node --import tsx deploy/local/layout.ts down "$@"
