# Sourced by the benchmark scripts on PostgreSQL: a throwaway cluster with
# fsync on (scripts/pg-throwaway), kept until the script closes the
# coprocess's input (`exec {PG[1]}>&-`). Sets `url` (the database),
# `pgdir` (the cluster's folder), `postmaster` (its server's pid) and
# `sql` (one query's bare answer).

coproc PG { PG_FSYNC=on scripts/pg-throwaway; }
read -r url <&"${PG[0]}"
pgdir="${url##*host=}"
postmaster="$(head -n 1 "$pgdir/data/postmaster.pid")"
sql() { psql -h "$pgdir" -U arbiter -d arbiter -XAtq -c "$1"; }
