#!/bin/sh
# A backup at start, then one every BACKUP_INTERVAL_SECONDS (default a day), each pruning the backups
# beyond the newest BACKUP_KEEP (scripts/db-backup.mjs). A failed backup is reported and retried at the
# next turn: the service keeps running (its healthcheck looks at the age of the newest backup).
# Restore one: docker compose run --rm backup node scripts/db-restore.mjs /backups/<file> [--clean]
set -u
interval="${BACKUP_INTERVAL_SECONDS:-86400}"
case "$interval" in
  '' | *[!0-9]* | 0)
    echo "BACKUP_INTERVAL_SECONDS must be a whole number of seconds > 0 (got '$interval')" >&2
    exit 1
    ;;
esac
# `docker compose stop` ends the wait at once, not after the interval.
trap 'exit 0' TERM INT

# `docker compose run backup <command>` runs that command instead (a restore, a one-off backup).
if [ "$#" -gt 0 ]; then exec "$@"; fi

while :; do
  node /app/scripts/db-backup.mjs || echo "backup failed; next attempt in ${interval} s" >&2
  sleep "$interval" &
  wait $!
done
