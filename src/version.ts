/** The release, from package.json, for GET / and the logs. */
// eslint-disable-next-line @typescript-eslint/no-require-imports
export const version: string = require('../package.json').version;
