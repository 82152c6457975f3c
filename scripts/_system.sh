# Sourced by scripts/test: install the Debian packages the tests need, when they are missing.
#   fonts-dejavu-core  a Unicode TTF font for PDF hand records (suit symbols)
#   poppler-utils      pdftotext/pdftoppm, to read back the PDFs the tests write
#   chromium           the browser the Playwright tests of the table page drive (tests/server/test_browser*.py)
system_packages=(fonts-dejavu-core poppler-utils chromium)
missing=()
for pkg in "${system_packages[@]}"; do
  dpkg -s "$pkg" >/dev/null 2>&1 || missing+=("$pkg")
done
if [ ${#missing[@]} -gt 0 ]; then
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
    echo "Installing Debian packages: ${missing[*]}"
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
  else
    echo "warning: missing Debian packages ${missing[*]}; install them (as root: apt-get install ${missing[*]})" >&2
    if [ -n "${CI:-}" ]; then  # in CI the tests that need them must not be skipped quietly
      echo "error: CI needs ${missing[*]} and cannot install them without root" >&2
      exit 1
    fi
  fi
fi

# PostgreSQL for the storage tests (tests/store run on SQLite always, and on PostgreSQL when
# TENACE_TEST_POSTGRES_URL is set). As root: install postgresql if missing, start the newest installed cluster,
# create the role and database tenace_test and export the URL. In CI (CI set) or as root, a failure stops the
# run; elsewhere the PostgreSQL tests are skipped (and say so).
_tenace_pg_problem() {
  echo "error: PostgreSQL for the storage tests: $*" >&2
  if [ -n "${CI:-}" ] || [ "$(id -u)" = 0 ]; then
    exit 1
  fi
  echo "warning: the PostgreSQL storage tests will be skipped" >&2
}
_tenace_pg_psql() {  # run psql as the postgres superuser on the cluster's port
  (cd / && runuser -u postgres -- psql -p "$_tenace_pg_port" -qAtX "$@")
}
_tenace_pg_setup() {
  if [ -n "${TENACE_TEST_POSTGRES_URL:-}" ]; then
    return 0
  fi
  if [ "$(id -u)" != 0 ]; then
    if [ -n "${CI:-}" ]; then
      _tenace_pg_problem "TENACE_TEST_POSTGRES_URL is not set and setting PostgreSQL up needs root"
    else
      echo "note: TENACE_TEST_POSTGRES_URL is not set; the storage tests run on SQLite only" >&2
    fi
    return 0
  fi
  if ! compgen -G "/usr/lib/postgresql/*/bin/postgres" >/dev/null || ! command -v pg_lsclusters >/dev/null; then
    echo "Installing Debian package: postgresql"
    { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends \
        postgresql >/dev/null; } || { _tenace_pg_problem "apt-get install postgresql failed"; return 0; }
  fi
  local version status
  version=$(find /usr/lib/postgresql -mindepth 1 -maxdepth 1 -printf '%f\n' | sort -V | tail -n 1)
  if [ -z "$version" ]; then
    _tenace_pg_problem "no PostgreSQL server under /usr/lib/postgresql"
    return 0
  fi
  if ! pg_lsclusters -h | awk -v v="$version" '$1 == v && $2 == "main" {found = 1} END {exit !found}'; then
    pg_createcluster "$version" main >/dev/null || { _tenace_pg_problem "pg_createcluster $version main failed"; return 0; }
  fi
  status=$(pg_lsclusters -h | awk -v v="$version" '$1 == v && $2 == "main" {print $4}')
  _tenace_pg_port=$(pg_lsclusters -h | awk -v v="$version" '$1 == v && $2 == "main" {print $3}')
  if [ "$status" != online ]; then
    pg_ctlcluster "$version" main start || {
      _tenace_pg_problem "pg_ctlcluster $version main start failed (see /var/log/postgresql/)"
      return 0
    }
  fi
  if ! _tenace_pg_psql -c "SELECT 1" >/dev/null; then
    _tenace_pg_problem "cannot connect to PostgreSQL $version on port $_tenace_pg_port"
    return 0
  fi
  if [ "$(_tenace_pg_psql -c "SELECT 1 FROM pg_roles WHERE rolname = 'tenace_test'")" != 1 ]; then
    _tenace_pg_psql -c "CREATE ROLE tenace_test LOGIN CREATEDB PASSWORD 'tenace_test'" \
      || { _tenace_pg_problem "could not create the role tenace_test"; return 0; }
  fi
  if [ "$(_tenace_pg_psql -c "SELECT 1 FROM pg_database WHERE datname = 'tenace_test'")" != 1 ]; then
    _tenace_pg_psql -c "CREATE DATABASE tenace_test OWNER tenace_test" \
      || { _tenace_pg_problem "could not create the database tenace_test"; return 0; }
  fi
  export TENACE_TEST_POSTGRES_URL="postgresql+psycopg://tenace_test:tenace_test@127.0.0.1:$_tenace_pg_port/tenace_test"
  echo "PostgreSQL $version on port $_tenace_pg_port: TENACE_TEST_POSTGRES_URL is set for the storage tests"
}
_tenace_pg_setup

# Redis for the scale-out tests (tests/server/test_scaleout*.py: two server processes sharing tables through
# PostgreSQL and Redis pub/sub). As root: install redis-server if missing, start it if nothing answers on
# 127.0.0.1:6379 (no persistence: it only carries leases and messages) and export the URL. In CI (CI set) or
# as root, a failure stops the run; elsewhere the scale-out tests are skipped (and say so).
_tenace_redis_problem() {
  echo "error: Redis for the scale-out tests: $*" >&2
  if [ -n "${CI:-}" ] || [ "$(id -u)" = 0 ]; then
    exit 1
  fi
  echo "warning: the scale-out tests will be skipped" >&2
}
_tenace_redis_setup() {
  if [ -n "${TENACE_TEST_REDIS_URL:-}" ]; then
    return 0
  fi
  if [ "$(id -u)" != 0 ]; then
    if [ -n "${CI:-}" ]; then
      _tenace_redis_problem "TENACE_TEST_REDIS_URL is not set and setting Redis up needs root"
    else
      echo "note: TENACE_TEST_REDIS_URL is not set; the scale-out tests will be skipped" >&2
    fi
    return 0
  fi
  if ! command -v redis-server >/dev/null || ! command -v redis-cli >/dev/null; then
    echo "Installing Debian package: redis-server"
    { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends \
        redis-server >/dev/null; } || { _tenace_redis_problem "apt-get install redis-server failed"; return 0; }
  fi
  if [ "$(redis-cli -h 127.0.0.1 -p 6379 ping 2>/dev/null)" != PONG ]; then
    redis-server --bind 127.0.0.1 --port 6379 --daemonize yes --save '' --appendonly no \
        --logfile /tmp/tenace-redis.log >/dev/null \
      || { _tenace_redis_problem "redis-server did not start (see /tmp/tenace-redis.log)"; return 0; }
    local i
    for i in $(seq 50); do
      [ "$(redis-cli -h 127.0.0.1 -p 6379 ping 2>/dev/null)" = PONG ] && break
      sleep 0.1
    done
    if [ "$(redis-cli -h 127.0.0.1 -p 6379 ping 2>/dev/null)" != PONG ]; then
      _tenace_redis_problem "redis-server does not answer on 127.0.0.1:6379 (see /tmp/tenace-redis.log)"
      return 0
    fi
  fi
  export TENACE_TEST_REDIS_URL="redis://127.0.0.1:6379/0"
  echo "Redis on 127.0.0.1:6379: TENACE_TEST_REDIS_URL is set for the scale-out tests"
}
_tenace_redis_setup

# What the tests need from npm (package.json, package-lock.json): axe-core for the accessibility checks of the
# browser tests, TypeScript for the type check of the browser client (tests/server/test_client_types.py).
# Installed into node_modules/ with the machine's npm (as root, Debian's nodejs and npm when they are
# missing), again whenever package-lock.json is newer than the installed tree. In CI a failure stops the
# run, so that those checks are never skipped quietly; elsewhere they are skipped and say so.
_tenace_axe_setup() {
  if [ -f node_modules/axe-core/axe.min.js ] && [ -f node_modules/typescript/bin/tsc ] \
      && ! [ package-lock.json -nt node_modules/.package-lock.json ]; then
    return 0
  fi
  if ! command -v npm >/dev/null && [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
    echo "Installing Debian packages: nodejs npm"
    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends \
      nodejs npm >/dev/null
  fi
  if command -v npm >/dev/null && npm ci --no-audit --no-fund --loglevel=error >/dev/null; then
    echo "axe-core and TypeScript installed in node_modules/ for the accessibility checks and the client's types"
    return 0
  fi
  echo "warning: axe-core and TypeScript could not be installed (npm ci); the accessibility checks and the" \
    "client's type check will be skipped" >&2
  if [ -n "${CI:-}" ]; then
    echo "error: CI needs axe-core for the accessibility checks and TypeScript for the client's type check" >&2
    exit 1
  fi
}
_tenace_axe_setup
