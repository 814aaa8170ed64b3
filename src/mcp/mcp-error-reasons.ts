/** Why an MCP request is refused before, or outside, a tool call. */
export enum McpErrorReason {
  /** The request has no Host header. */
  MissingHost = 'mcp.missing_host',
  /** The Host header is not a host name. */
  InvalidHost = 'mcp.invalid_host',
  /** The Host header names a host not allowed (TROVE_MCP_ALLOWED_HOSTS). */
  HostNotAllowed = 'mcp.host_not_allowed',
  /** No open session of this id for the caller. */
  SessionNotFound = 'mcp.session_not_found',
  /** The body is not application/json. */
  UnsupportedMediaType = 'mcp.unsupported_media_type',
  /** The body is larger than a message may be. */
  BodyTooLarge = 'mcp.body_too_large',
  /** The body is not one JSON-RPC 2.0 message. */
  InvalidMessage = 'mcp.invalid_message',
  /** The key has the most open sessions allowed. */
  TooManySessionsOfKey = 'mcp.too_many_sessions_of_key',
  /** The server has the most open sessions allowed. */
  TooManySessions = 'mcp.too_many_sessions',
  /** A file_path outside the upload root, or not a regular file. */
  FileRefused = 'mcp.file_refused',
  /** The file is larger than an upload may be. */
  FileTooLarge = 'mcp.file_too_large',
}
