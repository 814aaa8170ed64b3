/* eslint-disable */
// Starts operator-host.ts in a plain Node 22 process. The operator's code is
// TypeScript and client-node is an ES module that needs Node 22 (see
// src/operator/kube-client.ts): here .ts files are transpiled on require with
// TypeScript's transpileModule (no type check, `tsc --noEmit` does that), and
// client-node is loaded by Node's own require(), which handles ES modules.
const fs = require('node:fs');
const ts = require('typescript');

const compilerOptions = {
  module: ts.ModuleKind.CommonJS,
  target: ts.ScriptTarget.ES2022,
  esModuleInterop: true,
  experimentalDecorators: true,
  emitDecoratorMetadata: true,
  inlineSourceMap: true,
};

require.extensions['.ts'] = function compileTypeScript(module, filename) {
  const source = fs.readFileSync(filename, 'utf8');
  const { outputText } = ts.transpileModule(source, { fileName: filename, compilerOptions });
  module._compile(outputText, filename);
};

require('./operator-host.ts');
