#!/usr/bin/env bash
# Starts the production layout on this machine (nginx, 2 Fairway instances, Mosquitto with dynamic security,
# Redis, a database on PostgreSQL 15) on free ports in a temporary directory; see layout.ts.
# Needs: apt-get install -y nginx-light mosquitto mosquitto-clients redis-server postgresql, and PG_URL (an
# account that may create databases; default CI's postgres://fairway_ci:fairway_ci@127.0.0.1:5432/postgres).
set -euo pipefail
cd "$(dirname "$0")/../.."
exec node --import tsx deploy/local/layout.ts up "$@"
