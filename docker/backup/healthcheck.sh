#!/bin/sh
# Healthy while the newest backup is younger than two intervals (one missed turn is tolerated).
max_minutes=$(( ${BACKUP_INTERVAL_SECONDS:-86400} * 2 / 60 + 1 ))
[ -n "$(find "${BACKUP_DIR:-/backups}" -maxdepth 1 -name '*.dump' -mmin "-${max_minutes}" | head -n 1)" ]
