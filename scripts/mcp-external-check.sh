#!/usr/bin/env bash
# External MCP clients no one here wrote, against `lyra serve` (npm run check:mcp):
#  1. @modelcontextprotocol/inspector-cli (stdio, then Streamable HTTP) lists the seventeen tools
#     (tools/list at most 20 KB) and calls create_task and get_status on the shipped offline corpus;
#  2. @modelcontextprotocol/conformance@0.1.13 runs every server scenario against
#     `lyra serve --http --conformance-fixtures` (the scenarios that call the reference fixtures —
#     test_* tools, test:// resources, test_* prompts — find them there) and all must pass.
# Both tools are exact-pinned devDependencies, so `npm ci` installs them and nothing is downloaded here.
# Work happens in a scratch LYRA_HOME; the servers started here are stopped by their own PIDs.
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/.." && pwd)"
INSPECTOR="$ROOT/node_modules/@modelcontextprotocol/inspector-cli/build/cli.js"
CONFORMANCE="$ROOT/node_modules/@modelcontextprotocol/conformance/dist/index.js"
for f in "$INSPECTOR" "$CONFORMANCE"; do
  [ -f "$f" ] || { echo "check:mcp: $f is missing; run npm ci (both tools are devDependencies)" >&2; exit 1; }
done

WORK="$(mktemp -d "${TMPDIR:-/tmp}/lyra-mcp-check-XXXXXX")"
SERVER_PID=""
stop_server() {
  if [ -n "$SERVER_PID" ] && kill -0 "$SERVER_PID" 2>/dev/null; then kill "$SERVER_PID"; wait "$SERVER_PID" 2>/dev/null || true; fi
  SERVER_PID=""
}
cleanup() {
  stop_server
  rm -rf "$WORK"
}
trap cleanup EXIT
export LYRA_HOME="$WORK/home"
# inspector-cli 1.0.3 reads its own package.json through a path relative to the working directory:
# it must run from a folder whose parent holds a package.json.
mkdir -p "$WORK/run"
echo '{"name":"lyra-mcp-check","private":true}' > "$WORK/package.json"
cd "$WORK/run"

json() { node -e "let s='';process.stdin.on('data',d=>s+=d).on('end',()=>{const v=JSON.parse(s);const f=new Function('v','return '+process.argv[1]);console.log(f(v))})" "$1"; }
inspect() { node "$INSPECTOR" --cli "$@" 2>"$WORK/inspector.err" || { cat "$WORK/inspector.err" >&2; return 1; }; }
# Starts `lyra serve --http` on a free port with any further flags; sets SERVER_PID and URL.
serve_http() {
  rm -f "$WORK/url.json"
  node "$ROOT/bin/lyra.js" serve --http --port 0 --json "$@" > "$WORK/url.json" 2> "$WORK/serve.err" &
  SERVER_PID=$!
  for _ in $(seq 1 150); do [ -s "$WORK/url.json" ] && break; kill -0 "$SERVER_PID" 2>/dev/null || { cat "$WORK/serve.err" >&2; exit 1; }; sleep 0.2; done
  URL="$(json 'v.url' < "$WORK/url.json")"
}

echo "== inspector-cli over stdio: node bin/lyra.js serve"
TOOLS="$(inspect node "$ROOT/bin/lyra.js" serve --method tools/list)"
NAMES="$(echo "$TOOLS" | json 'v.tools.map(t=>t.name).sort().join(",")')"
EXPECTED="calibration_metrics,calibration_rollback,create_task,feedback,get_auth_queue,get_materials,get_status,list_views,query_sql,query_view,queue_reference_candidates,queue_searches,queue_targets,resolve_auth,search,stop_task,vector_search"
[ "$NAMES" = "$EXPECTED" ] || { echo "check:mcp: tools/list gave $NAMES" >&2; exit 1; }
LIST_BYTES="$(echo "$TOOLS" | json 'Buffer.byteLength(JSON.stringify(v))')"
[ "$LIST_BYTES" -le 20480 ] || { echo "check:mcp: tools/list is $LIST_BYTES bytes (at most 20 KB)" >&2; exit 1; }
echo "tools/list: 17 tools, $LIST_BYTES bytes ($NAMES)"
CREATED="$(inspect node "$ROOT/bin/lyra.js" serve --method tools/call --tool-name create_task \
  --tool-arg 'question=Is recent global warming caused by human activity?' --tool-arg 'providers=["corpus:example"]' --tool-arg 'budget={"max_pages":5}')"
TASK_ID="$(echo "$CREATED" | json 'v.isError ? "" : v.structuredContent.task_id')"
[ -n "$TASK_ID" ] || { echo "check:mcp: create_task failed: $CREATED" >&2; exit 1; }
echo "create_task: $TASK_ID"
STATUS="$(inspect node "$ROOT/bin/lyra.js" serve --method tools/call --tool-name get_status --tool-arg "task_id=$TASK_ID")"
STATE="$(echo "$STATUS" | json 'v.isError ? "error" : [v.structuredContent.status, v.structuredContent.budget.max_pages, v.structuredContent.searches.length].join(" ")')"
[ "$STATE" = "created 5 0" ] || { echo "check:mcp: get_status gave $STATE: $STATUS" >&2; exit 1; }
echo "get_status: status, max pages, searches = $STATE"
BAD="$(inspect node "$ROOT/bin/lyra.js" serve --method tools/call --tool-name get_status --tool-arg 'task_id=task_does_not_exist')"
[ "$(echo "$BAD" | json 'v.isError && JSON.parse(v.content[0].text).error.code')" = "task_not_found" ] || { echo "check:mcp: unknown task gave $BAD" >&2; exit 1; }
echo "get_status on an unknown task: structured error task_not_found"

echo "== lyra serve --http"
serve_http
echo "listening at $URL"
HTTP_STATE="$(inspect "$URL" --transport http --method tools/call --tool-name get_status --tool-arg "task_id=$TASK_ID" | json 'v.structuredContent.status')"
[ "$HTTP_STATE" = "created" ] || { echo "check:mcp: get_status over HTTP gave $HTTP_STATE" >&2; exit 1; }
echo "inspector-cli over Streamable HTTP: get_status $TASK_ID → $HTTP_STATE"

echo "== conformance 0.1.13 server scenarios: lyra serve --http --conformance-fixtures"
stop_server
serve_http --conformance-fixtures
set +e
node "$CONFORMANCE" server --url "$URL" > "$WORK/conformance.txt" 2>&1
CODE=$?
set -e
sed -n '/=== SUMMARY ===/,$p' "$WORK/conformance.txt"
if [ "$CODE" -ne 0 ] || ! grep -q "Total: [0-9]* passed, 0 failed" "$WORK/conformance.txt"; then
  echo "check:mcp: conformance failed (exit $CODE)" >&2
  grep -E "✗|FAILURE|Error" "$WORK/conformance.txt" | head -40 >&2 || true
  exit 1
fi
echo "check:mcp: ok"
