/** Why an agents API request fails. */
export enum AgentErrorReason {
  /** No live agent of this key the caller may see. */
  AgentNotFound = 'agent.agent_not_found',
  /** No live conversation of the caller's with the agent. */
  ConversationNotFound = 'agent.conversation_not_found',
  /** No message of this id in the conversation. */
  MessageNotFound = 'agent.message_not_found',
  /** No project of this id the caller may use. */
  ProjectNotFound = 'agent.project_not_found',
  /** A record a request refers to (an attachment, a conversation) does not exist. */
  RecordNotFound = 'agent.record_not_found',
  /** A field of a request that does not fit. */
  InvalidInput = 'agent.invalid_input',
  /** What was asked does not fit the conversation's state (already archived, not the last message...). */
  InvalidState = 'agent.invalid_state',
  /** Only the agent's owner or an admin may do it. */
  NotOwner = 'agent.not_owner',
  /** The run id is in use by a running turn. */
  RunInUse = 'agent.run_in_use',
  /** The run was started by another user or on another conversation. */
  RunNotYours = 'agent.run_not_yours',
  /** The turn failed, or was cut off, and its failure was recorded. */
  TurnFailed = 'agent.turn_failed',
  /** An attached file is refused. */
  AttachmentRefused = 'agent.attachment_refused',
  /** An attachment, or the attachments of one request, larger than allowed. */
  AttachmentTooLarge = 'agent.attachment_too_large',
}
