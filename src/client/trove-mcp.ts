#!/usr/bin/env node
/** The `trove-mcp` command: the stdio bridge (bridge.ts). */
import { runBridge } from './bridge';
import { ConnectionError } from './trove-rest';

try {
  runBridge();
} catch (error) {
  if (!(error instanceof ConnectionError)) throw error;
  process.stderr.write(`trove-mcp: ${error.message}\n`);
  process.exit(2);
}
