#!/usr/bin/env bash
# scripts/postgres-setup.sh — install and start PostgreSQL 15 + pgvector for Trove.
#
# Target: a Debian 12 (bookworm) machine, run as root, whose only network is
# Debian's package mirrors (and the npm registry). Used by .ci/run (fresh clone,
# CI=true, no stdin) and by developers.
#
# What it does, idempotently:
#   1. apt-get installs postgresql-15 (+ server headers and build tools when
#      pgvector still has to be built). Skipped when everything is present.
#   2. Builds pgvector from Debian trixie's *source* package against PG15.
#      bookworm ships no pgvector at all and the project needs >= 0.8.0
#      (hnsw.iterative_scan), which trixie has. Skipped when a new enough
#      vector.control/vector.so is already installed.
#   3. Creates (if missing) and starts cluster 15/main on 127.0.0.1:$PORT with
#      Debian's pg_ctlcluster (works with or without systemd).
#   4. Creates superuser role trove/trove and database trove, then proves that
#      `CREATE EXTENSION vector`, the <=> operator and iterative scans work.
#
# Output contract: every log line goes to stderr; the LAST (and only) line on
# stdout is the connection string, so callers can do
#     PG_URL="$(bash scripts/postgres-setup.sh | tail -1)"
#
# Environment:
#   TROVE_TEST_PG_PORT   port to listen on (default 5432)
#   TROVE_DEBIAN_MIRROR  override the Debian mirror URL used for the trixie
#                        deb-src entry (default: read from this machine's apt
#                        sources, so we never invent a host)

set -euo pipefail

# Keep stdout clean for the connection string: fd 3 is the real stdout,
# everything else (including apt/make chatter) goes to stderr.
exec 3>&1 1>&2

readonly PG_MAJOR=15
readonly CLUSTER=main
readonly PG_BIN="/usr/lib/postgresql/${PG_MAJOR}/bin"
readonly PG_CONFIG="${PG_BIN}/pg_config"
readonly EXT_DIR="/usr/share/postgresql/${PG_MAJOR}/extension"
readonly LIB_DIR="/usr/lib/postgresql/${PG_MAJOR}/lib"
readonly MIN_PGVECTOR=0.8.0 # first release with hnsw.iterative_scan
readonly SOURCE_SUITE=trixie
readonly DB_USER=trove DB_PASS=trove DB_NAME=trove
PORT="${TROVE_TEST_PG_PORT:-5432}"

log() { printf '[postgres-setup] %s\n' "$*" >&2; }
die() {
  printf '[postgres-setup] ERROR: %s\n' "$*" >&2
  exit 1
}

START_TS=$SECONDS
WORK_DIR=""
# Must not change the exit status (a false test as the trap's last command
# would turn a successful run into exit 1).
# shellcheck disable=SC2317  # invoked via trap
cleanup() {
  if [[ -n "$WORK_DIR" && -d "$WORK_DIR" ]]; then rm -rf "$WORK_DIR"; fi
  return 0
}
trap cleanup EXIT

# ---------------------------------------------------------------------------
# Preconditions
# ---------------------------------------------------------------------------
[[ "$(id -u)" -eq 0 ]] || die "must run as root (it installs packages and manages the cluster); try: sudo bash $0"
if ! [[ "$PORT" =~ ^[0-9]+$ ]] || ((PORT < 1 || PORT > 65535)); then
  die "TROVE_TEST_PG_PORT must be a TCP port number, got '$PORT'"
fi
command -v apt-get >/dev/null || die "apt-get not found: this script targets Debian 12 (bookworm)"

# shellcheck disable=SC1091
. /etc/os-release
CODENAME="${VERSION_CODENAME:-unknown}"
if [[ "$CODENAME" != bookworm ]]; then
  # Not fatal: the packages may still resolve (e.g. a PG15 from elsewhere),
  # but say so loudly because every name below assumes bookworm.
  log "WARNING: expected Debian 12 (bookworm), found '${PRETTY_NAME:-$CODENAME}'; continuing"
fi

# Serialise concurrent runs (a developer and CI, two test shells...): apt has
# its own lock, but cluster creation / role creation would race.
exec 9>/var/lock/trove-postgres-setup.lock
if ! flock -n 9; then
  log "another postgres-setup run holds /var/lock/trove-postgres-setup.lock; waiting (up to 15 min)"
  flock -w 900 9 || die "timed out waiting for the other postgres-setup run"
fi

export DEBIAN_FRONTEND=noninteractive
# Wait for a concurrent apt/dpkg (e.g. unattended upgrades) instead of failing.
APT_OPTS=(-o DPkg::Lock::Timeout=600 -o Dpkg::Use-Pty=0 -q)

# Anything that may leave a daemon behind (the postmaster, or a postinst that
# starts one when there's no policy-rc.d) must not inherit our extra fds:
# fd 3 is the caller's stdout (`... | tail -1` would never see EOF and hang
# forever), fd 9 is the lock above (it would stay held for the server's whole
# life), and whatever pipe a CI harness passed down could keep the harness
# waiting. So run such commands with every fd above 2 closed.
no_fds() {
  (
    for fd_path in /proc/self/fd/*; do
      fd="${fd_path##*/}"
      if ((fd > 2)); then eval "exec ${fd}>&-" 2>/dev/null || true; fi
    done
    exec "$@"
  )
}

is_installed() { dpkg-query -W -f='${Status}' "$1" 2>/dev/null | grep -q '^install ok installed$'; }

# Echo the pgvector version installed for PG15 (from vector.control), or nothing.
installed_pgvector_version() {
  [[ -f "$EXT_DIR/vector.control" && -f "$LIB_DIR/vector.so" ]] || return 0
  sed -n "s/^[[:space:]]*default_version[[:space:]]*=[[:space:]]*'\([^']*\)'.*/\1/p" "$EXT_DIR/vector.control" | head -1
}

pgvector_ok() {
  local v
  v="$(installed_pgvector_version)"
  [[ -n "$v" ]] && dpkg --compare-versions "$v" ge "$MIN_PGVECTOR"
}

# ---------------------------------------------------------------------------
# 1. Packages
# ---------------------------------------------------------------------------
NEED_BUILD=1
if pgvector_ok; then
  NEED_BUILD=0
  log "pgvector $(installed_pgvector_version) already installed in $EXT_DIR; skipping build"
fi

WANT_PKGS=("postgresql-${PG_MAJOR}" "postgresql-client-${PG_MAJOR}")
# Headers and compilers are only needed when we must build pgvector.
((NEED_BUILD)) && WANT_PKGS+=("postgresql-server-dev-${PG_MAJOR}" build-essential dpkg-dev)

MISSING=()
for p in "${WANT_PKGS[@]}"; do is_installed "$p" || MISSING+=("$p"); done

PKGS_CHANGED=0
if ((${#MISSING[@]})); then
  log "installing: ${WANT_PKGS[*]} (missing: ${MISSING[*]})"
  apt-get "${APT_OPTS[@]}" update || die "apt-get update failed (is a Debian mirror reachable?)"
  # Install the whole set, not just the missing ones, so the server, client
  # and headers end up at the same (latest bookworm) minor version.
  no_fds apt-get "${APT_OPTS[@]}" install -y --no-install-recommends "${WANT_PKGS[@]}" ||
    die "apt-get install ${WANT_PKGS[*]} failed"
  PKGS_CHANGED=1
else
  log "packages already installed: ${WANT_PKGS[*]}"
fi
[[ -x "$PG_BIN/postgres" ]] || die "$PG_BIN/postgres missing after install"

# ---------------------------------------------------------------------------
# 2. pgvector from Debian trixie's source package
# ---------------------------------------------------------------------------

# Print "URI<TAB>SIGNED_BY" of the first enabled binary ('deb') source whose
# suite is exactly this machine's codename, i.e. the main Debian archive
# (not -security/-updates, not third-party repos like nodesource).
# Handles one-line (*.list) and deb822 (*.sources) formats.
detect_debian_mirror() {
  local f files=()
  [[ -f /etc/apt/sources.list ]] && files+=(/etc/apt/sources.list)
  for f in /etc/apt/sources.list.d/*.list; do [[ -f "$f" ]] && files+=("$f"); done
  for f in "${files[@]}"; do
    awk -v want="$CODENAME" '
      /^[[:space:]]*deb[[:space:]]/ {
        sub(/^[[:space:]]*deb[[:space:]]+/, "")
        opts = ""
        if ($0 ~ /^\[/) { opts = substr($0, 2, index($0, "]") - 2); sub(/^\[[^]]*\][[:space:]]*/, "") }
        if ($2 != want) next
        sb = ""
        n = split(opts, o, /[[:space:]]+/)
        for (i = 1; i <= n; i++) if (o[i] ~ /^signed-by=/) { sb = substr(o[i], 11) }
        print $1 "\t" sb; exit
      }' "$f"
  done
  for f in /etc/apt/sources.list.d/*.sources; do
    [[ -f "$f" ]] || continue
    awk -v want="$CODENAME" '
      function flush() {
        if (!found && types ~ /(^|[[:space:]])deb($|[[:space:]])/ && tolower(enabled) != "no" && uris != "") {
          n = split(suites, s, /[[:space:]]+/)
          for (i = 1; i <= n; i++) if (s[i] == want) { split(uris, u, /[[:space:]]+/); print u[1] "\t" signed; found = 1; exit }
        }
        types = uris = suites = signed = enabled = ""
      }
      /^[[:space:]]*#/ { next }
      /^[[:space:]]*$/ { flush(); next }
      /^[A-Za-z-]+:/ {
        key = tolower(substr($0, 1, index($0, ":") - 1)); val = substr($0, index($0, ":") + 1)
        gsub(/^[[:space:]]+|[[:space:]]+$/, "", val)
        if (key == "types") types = val; else if (key == "uris") uris = val
        else if (key == "suites") suites = val; else if (key == "enabled") enabled = val
        else if (key == "signed-by" && val ~ /^\//) signed = val   # ignore inline keys
      }
      END { flush() }' "$f"
  done
}

build_pgvector() {
  local mirror signed_by line
  if [[ -n "${TROVE_DEBIAN_MIRROR:-}" ]]; then
    mirror="$TROVE_DEBIAN_MIRROR" signed_by=""
  else
    line="$(detect_debian_mirror | head -1)"
    [[ -n "$line" ]] || die "could not find the Debian mirror in /etc/apt/sources.list{,.d/*}: no enabled 'deb' entry for suite '$CODENAME'. Set TROVE_DEBIAN_MIRROR=http://<host>/debian"
    mirror="${line%%$'\t'*}" signed_by="${line#*$'\t'}"
  fi
  # The trixie Release file is signed with the trixie keys, which bookworm's
  # debian-archive-keyring also ships; the combined keyring covers both.
  [[ -f /usr/share/keyrings/debian-archive-keyring.gpg ]] && signed_by=/usr/share/keyrings/debian-archive-keyring.gpg
  log "building pgvector from Debian ${SOURCE_SUITE} source package via ${mirror}"

  WORK_DIR="$(mktemp -d /tmp/trove-pgvector.XXXXXX)"
  mkdir -p "$WORK_DIR"/{lists/partial,cache,sources.list.d,src}

  # The trixie deb-src entry lives in a PRIVATE apt configuration (own
  # sources.list, own lists dir, own cache) used only for `apt-get source`.
  # The system's /etc/apt is never touched, so apt can't possibly upgrade or
  # install binary packages from trixie -- and since it is deb-src only,
  # there are no trixie binary indexes to pin away in the first place.
  local opts="" src_list="$WORK_DIR/sources.list"
  [[ -n "$signed_by" ]] && opts="[signed-by=${signed_by}] "
  printf 'deb-src %s%s %s main\n' "$opts" "$mirror" "$SOURCE_SUITE" >"$src_list"
  local PRIV_APT=(
    -o "Dir::Etc::sourcelist=$src_list"
    -o "Dir::Etc::sourceparts=$WORK_DIR/sources.list.d"
    -o "Dir::State::lists=$WORK_DIR/lists"
    -o "Dir::Cache=$WORK_DIR/cache"
    -o "APT::Sandbox::User=root" # the temp dir isn't readable by _apt
    -q
  )
  apt-get "${PRIV_APT[@]}" update ||
    die "apt-get update for '$(cat "$src_list")' failed"
  (cd "$WORK_DIR/src" && apt-get "${PRIV_APT[@]}" source pgvector) ||
    die "apt-get source pgvector (from ${SOURCE_SUITE}) failed"

  local srcdir
  srcdir="$(find "$WORK_DIR/src" -mindepth 1 -maxdepth 1 -type d -name 'pgvector-*' | head -1)"
  [[ -n "$srcdir" && -f "$srcdir/Makefile" ]] || die "unpacked pgvector source not found under $WORK_DIR/src"
  log "compiling $(basename "$srcdir") against $($PG_CONFIG --version)"

  # OPTFLAGS="" drops upstream's default -march=native (Debian's own build
  # does the same) so the .so never depends on this particular CPU. The
  # distance functions still use AVX and FMA where the CPU has them: on
  # x86-64 Linux pgvector (>= 0.7) compiles each twice (target_clones
  # "default" and "fma", the default one SSE-vectorised) and picks one when
  # the library loads (`nm vector.so` lists VectorCosineSimilarity.fma).
  local jobs
  jobs="$(nproc 2>/dev/null || echo 2)"
  make -C "$srcdir" -j"$jobs" PG_CONFIG="$PG_CONFIG" OPTFLAGS="" ||
    die "pgvector build failed"
  make -C "$srcdir" install PG_CONFIG="$PG_CONFIG" OPTFLAGS="" ||
    die "pgvector install failed"

  pgvector_ok || die "pgvector installed but $EXT_DIR/vector.control reports '$(installed_pgvector_version)', need >= $MIN_PGVECTOR"
  rm -rf "$WORK_DIR"
  WORK_DIR=""
}

if ((NEED_BUILD)); then
  build_start=$SECONDS
  build_pgvector
  log "pgvector $(installed_pgvector_version) built and installed in $((SECONDS - build_start))s"
fi

# ---------------------------------------------------------------------------
# 3. Cluster 15/main on 127.0.0.1:$PORT
# ---------------------------------------------------------------------------
# pg_ctlcluster exit codes for 'status': 0 = running, 3 = down, 4 = no cluster.
cluster_status() {
  local rc=0
  pg_ctlcluster "$PG_MAJOR" "$CLUSTER" status >/dev/null 2>&1 || rc=$?
  echo "$rc"
}

PG_LOG="/var/log/postgresql/postgresql-${PG_MAJOR}-${CLUSTER}.log"
fail_with_log() {
  log "last lines of $PG_LOG:"
  tail -n 30 "$PG_LOG" >&2 2>/dev/null || true
  die "$*"
}

if [[ "$(cluster_status)" == 4 ]]; then
  # Normally the postgresql-15 package creates 15/main itself; it may be
  # missing if someone dropped it or if createcluster.conf disables it.
  log "creating cluster ${PG_MAJOR}/${CLUSTER} on port $PORT"
  no_fds pg_createcluster "$PG_MAJOR" "$CLUSTER" --port "$PORT" --start-conf auto ||
    die "pg_createcluster $PG_MAJOR $CLUSTER failed"
fi

# Refuse to fight another cluster (another version/name) for our port.
other="$(pg_lsclusters -h | awk -v p="$PORT" -v v="$PG_MAJOR" -v c="$CLUSTER" \
  '$3 == p && !($1 == v && $2 == c) && $4 ~ /^online/ {print $1 "/" $2}')"
[[ -z "$other" ]] || die "cluster $other is already running on port $PORT; stop it or set TROVE_TEST_PG_PORT"

# Make the config match what we want; remember whether a restart is needed
# (port and listen_addresses only take effect at server start).
NEED_RESTART=$PKGS_CHANGED # new server binaries from apt -> pick them up
set_conf() {
  local key="$1" want="$2" cur
  cur="$(pg_conftool -s "$PG_MAJOR" "$CLUSTER" show "$key" 2>/dev/null || true)"
  if [[ "$cur" != "$want" ]]; then
    log "postgresql.conf: $key = '$want' (was '${cur:-unset}')"
    pg_conftool "$PG_MAJOR" "$CLUSTER" set "$key" "$want"
    NEED_RESTART=1
  fi
}
# port goes into postgresql.conf itself, because pg_lsclusters/pg_ctlcluster
# read it from there.
set_conf port "$PORT"

# Loopback only: tests and developers connect via 127.0.0.1; nothing else
# should reach this throwaway superuser/password database. This goes in a
# conf.d drop-in (Debian's postgresql.conf ends with include_dir = 'conf.d',
# so it wins) because pg_conftool writes 127.0.0.1 unquoted, which the
# server then rejects as a syntax error.
CONF_DIR="/etc/postgresql/${PG_MAJOR}/${CLUSTER}"
DROPIN="$CONF_DIR/conf.d/90-trove.conf"
DROPIN_CONTENT="# Written by Trove's scripts/postgres-setup.sh
listen_addresses = '127.0.0.1'"
grep -Eq "^[[:space:]]*include_dir[[:space:]]*=[[:space:]]*'conf\.d'" "$CONF_DIR/postgresql.conf" ||
  die "$CONF_DIR/postgresql.conf has no include_dir = 'conf.d'; cannot apply $DROPIN"
if [[ "$(cat "$DROPIN" 2>/dev/null)" != "$DROPIN_CONTENT" ]]; then
  log "writing $DROPIN (listen_addresses = '127.0.0.1')"
  mkdir -p "$CONF_DIR/conf.d"
  printf '%s\n' "$DROPIN_CONTENT" >"$DROPIN"
  NEED_RESTART=1
fi

# If something that is not our cluster already owns the port, say so clearly
# instead of letting the postmaster die with a bind error.
port_busy() { ss -Hltn "sport = :$1" 2>/dev/null | grep -q .; }

case "$(cluster_status)" in
  0)
    if ((NEED_RESTART)); then
      log "cluster ${PG_MAJOR}/${CLUSTER} is running; restarting to apply package/config changes"
      no_fds pg_ctlcluster "$PG_MAJOR" "$CLUSTER" restart || fail_with_log "pg_ctlcluster restart failed"
    else
      log "cluster ${PG_MAJOR}/${CLUSTER} already running"
    fi
    ;;
  3)
    if command -v ss >/dev/null && port_busy "$PORT"; then
      die "port $PORT is already in use by another process ($(ss -Hltnp "sport = :$PORT" | head -1)); set TROVE_TEST_PG_PORT"
    fi
    # pg_ctlcluster starts the postmaster directly when systemd is not PID 1
    # (no /run/systemd/system, as in CI/sandboxes) and goes through
    # systemctl when it is, so one command covers both. It also creates
    # /var/run/postgresql if a tmpfs wiped it.
    log "starting cluster ${PG_MAJOR}/${CLUSTER} with pg_ctlcluster"
    no_fds pg_ctlcluster "$PG_MAJOR" "$CLUSTER" start || fail_with_log "pg_ctlcluster $PG_MAJOR $CLUSTER start failed"
    ;;
  *)
    die "pg_ctlcluster $PG_MAJOR $CLUSTER status: unexpected state (exit $(cluster_status))"
    ;;
esac

# pg_ctlcluster waits for startup, but check the TCP listener explicitly.
for _ in $(seq 1 60); do
  "$PG_BIN/pg_isready" -q -h 127.0.0.1 -p "$PORT" && break
  sleep 0.5
done
"$PG_BIN/pg_isready" -q -h 127.0.0.1 -p "$PORT" || fail_with_log "server not accepting connections on 127.0.0.1:$PORT"
log "server accepting connections on 127.0.0.1:$PORT"

# ---------------------------------------------------------------------------
# 4. Role, database, and an end-to-end pgvector check
# ---------------------------------------------------------------------------
# As the postgres OS user over the Unix socket (peer auth, no password needed).
as_postgres_psql() {
  runuser -u postgres -- psql -X -q -v ON_ERROR_STOP=1 -h /var/run/postgresql -p "$PORT" "$@"
}

# Superuser because the test suite creates and drops databases and the
# vector extension; the password is a fixed test credential on loopback only.
as_postgres_psql -d postgres <<SQL || die "could not create/update role $DB_USER"
DO \$\$
BEGIN
  IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = '${DB_USER}') THEN
    CREATE ROLE ${DB_USER} LOGIN SUPERUSER PASSWORD '${DB_PASS}';
  ELSE
    ALTER ROLE ${DB_USER} LOGIN SUPERUSER PASSWORD '${DB_PASS}';
  END IF;
END
\$\$;
SQL

if [[ "$(as_postgres_psql -d postgres -tAc "SELECT 1 FROM pg_database WHERE datname = '${DB_NAME}'")" != 1 ]]; then
  log "creating database $DB_NAME"
  as_postgres_psql -d postgres -c "CREATE DATABASE ${DB_NAME} OWNER ${DB_USER}" || die "could not create database $DB_NAME"
fi

URL="postgres://${DB_USER}:${DB_PASS}@127.0.0.1:${PORT}/${DB_NAME}"

# Connect exactly as the app/tests will: TCP + password. One session, so the
# distance query loads vector.so before the hnsw.* GUC is set (a SET on an
# unloaded module's prefix would silently create a placeholder instead).
# ALTER EXTENSION UPDATE brings a database that had an older pgvector
# up to the freshly installed version.
CHECK="$(psql -X -q -v ON_ERROR_STOP=1 -tA "$URL" <<'SQL'
SET client_min_messages = warning;
CREATE EXTENSION IF NOT EXISTS vector;
ALTER EXTENSION vector UPDATE;
SELECT 'distance=' || ('[1,2,3]'::vector <=> '[1,2,4]'::vector);
SET hnsw.iterative_scan = relaxed_order;
SELECT 'iterative_scan=' || current_setting('hnsw.iterative_scan');
SELECT 'version=' || extversion FROM pg_extension WHERE extname = 'vector';
SQL
)" || die "pgvector check failed in database $DB_NAME (see psql error above)"

distance="$(sed -n 's/^distance=//p' <<<"$CHECK")"
iter="$(sed -n 's/^iterative_scan=//p' <<<"$CHECK")"
version="$(sed -n 's/^version=//p' <<<"$CHECK")"
[[ "$distance" =~ ^[0-9.eE+-]+$ ]] || die "cosine distance query returned '$distance', expected a number"
[[ "$iter" == relaxed_order ]] || die "SET hnsw.iterative_scan = relaxed_order did not take effect (got '$iter')"
dpkg --compare-versions "$version" ge "$MIN_PGVECTOR" || die "pgvector $version in database $DB_NAME is older than $MIN_PGVECTOR"

log "PostgreSQL: $(psql -X -tA "$URL" -c 'SHOW server_version')"
log "pgvector: $version (hnsw.iterative_scan=relaxed_order OK; '[1,2,3]' <=> '[1,2,4]' = $distance)"
log "done in $((SECONDS - START_TS))s; server left running on 127.0.0.1:$PORT (role/db ${DB_USER}/${DB_NAME})"

# The one line on stdout.
printf '%s\n' "$URL" >&3
exit 0
