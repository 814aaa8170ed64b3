// `helm test`: Trove answers through its Service. GET /readyz, then an MCP session:
// initialize, tools/list (search_knowledge must be among the tools), and its end.
// Runs with the Trove image's node; TROVE_URL and the bootstrap key come from the Pod.
const base = process.env.TROVE_URL;
const key = {
  'x-api-key': process.env.TROVE_BOOTSTRAP_API_KEY,
  'x-api-key-secret': process.env.TROVE_BOOTSTRAP_API_SECRET,
};

function fail(message) {
  console.error(`helm test failed: ${message}`);
  process.exit(1);
}

/** One JSON-RPC message to /mcp; the answer comes as JSON or as one SSE event. */
async function mcp(message, sessionId) {
  const response = await fetch(`${base}/mcp`, {
    method: 'POST',
    headers: {
      ...key,
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      ...(sessionId ? { 'mcp-session-id': sessionId, 'mcp-protocol-version': '2025-06-18' } : {}),
    },
    body: JSON.stringify(message),
  });
  const text = await response.text();
  if (response.status >= 300) fail(`POST /mcp ${message.method} answered ${response.status}: ${text}`);
  const json = (response.headers.get('content-type') ?? '').includes('text/event-stream')
    ? text
        .split('\n')
        .filter((line) => line.startsWith('data:'))
        .map((line) => line.slice(5))
        .join('')
    : text;
  const answer = json.trim() === '' ? undefined : JSON.parse(json);
  if (answer?.error) fail(`${message.method} answered ${JSON.stringify(answer.error)}`);
  return { sessionId: response.headers.get('mcp-session-id') ?? sessionId, result: answer?.result };
}

const ready = await fetch(`${base}/readyz`);
if (ready.status !== 200) fail(`GET /readyz answered ${ready.status}: ${await ready.text()}`);

const init = await mcp({
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: {
    protocolVersion: '2025-06-18',
    capabilities: {},
    clientInfo: { name: 'helm-test', version: '1' },
  },
});
if (!init.sessionId) fail('initialize gave no mcp-session-id');
await mcp({ jsonrpc: '2.0', method: 'notifications/initialized' }, init.sessionId);
const list = await mcp({ jsonrpc: '2.0', id: 2, method: 'tools/list' }, init.sessionId);
const tools = (list.result?.tools ?? []).map((tool) => tool.name);
if (!tools.includes('search_knowledge')) fail(`tools/list lacks search_knowledge: ${JSON.stringify(tools)}`);
await fetch(`${base}/mcp`, { method: 'DELETE', headers: { ...key, 'mcp-session-id': init.sessionId } });
console.log(`ok: /readyz is ready, MCP tools/list has ${tools.join(', ')}`);
