# Makes PostgreSQL and Redis reachable for the tests; sets PG_URL and REDIS_TEST_URL.
# Uses the machine's services when they answer, otherwise starts private throw-away instances.

start_postgres() {
  if psql "postgresql://postgres@127.0.0.1:5432/postgres" -tAc "select 1" >/dev/null 2>&1; then
    PG_URL="postgres://postgres@127.0.0.1:5432/arf"
    return
  fi
  if command -v pg_ctlcluster >/dev/null && ls /etc/postgresql/*/main >/dev/null 2>&1; then
    pg_ctlcluster --skip-systemctl-redirect "$(ls /etc/postgresql | head -1)" main start >/dev/null 2>&1 || true
    sleep 1
    if psql "postgresql://postgres@127.0.0.1:5432/postgres" -tAc "select 1" >/dev/null 2>&1; then
      PG_URL="postgres://postgres@127.0.0.1:5432/arf"
      return
    fi
  fi
  local bin dir port=55432
  bin=$(dirname "$(ls /usr/lib/postgresql/*/bin/initdb | tail -1)")
  dir=$(mktemp -d -t arf-pg.XXXXXX)
  chown postgres "$dir" 2>/dev/null || true
  local as=(); [ "$(id -u)" = 0 ] && as=(runuser -u postgres --)
  "${as[@]}" "$bin/initdb" -D "$dir/data" --auth=trust -U postgres >/dev/null
  "${as[@]}" "$bin/pg_ctl" -D "$dir/data" -l "$dir/log" -w \
    -o "-c listen_addresses=127.0.0.1 -p $port -k $dir -c fsync=off" start >/dev/null
  PG_URL="postgres://postgres@127.0.0.1:$port/arf"
  echo "ci: private PostgreSQL on port $port"
}

start_redis() {
  if redis-cli -h 127.0.0.1 -p 6379 ping 2>/dev/null | grep -q PONG; then
    REDIS_TEST_URL="redis://127.0.0.1:6379/0"
    return
  fi
  redis-server --daemonize yes --bind 127.0.0.1 --port 6379 --save "" --appendonly no >/dev/null
  for _ in $(seq 50); do redis-cli -h 127.0.0.1 -p 6379 ping 2>/dev/null | grep -q PONG && break; sleep 0.1; done
  REDIS_TEST_URL="redis://127.0.0.1:6379/0"
}
