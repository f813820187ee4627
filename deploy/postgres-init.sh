#!/bin/bash
# First start of the compose PostgreSQL: the runtime role the API processes connect with. The
# migration step (owner role) then grants it exactly its privileges (apps/api/src/db/roles.ts).
set -euo pipefail
psql -v ON_ERROR_STOP=1 --username "$POSTGRES_USER" --dbname "$POSTGRES_DB" <<SQL
create role ov_app login password '${OV_APP_PASSWORD}';
SQL
