/**
 * Generated from Trove's OpenAPI document (GET /openapi.json) by openapi-typescript.
 * Do not edit: run `npm run api-types` (a test fails when this file is stale).
 */
export interface paths {
    "/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** What this server is, and where its console and API reference are */
        get: operations["HealthController_root"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api_keys": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List API keys
         * @description Admin keys only.
         */
        get: operations["ApiKeysController_list"];
        put?: never;
        /**
         * Create an API key (the only answer with its secret, with rotate)
         * @description Admin keys only.
         */
        post: operations["ApiKeysController_create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api_keys/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get an API key
         * @description Admin keys only.
         */
        get: operations["ApiKeysController_get"];
        put?: never;
        post?: never;
        /**
         * Delete an API key
         * @description Admin keys only.
         */
        delete: operations["ApiKeysController_delete"];
        options?: never;
        head?: never;
        /**
         * Update an API key (name, grants, scopes, disabled)
         * @description Admin keys only.
         */
        patch: operations["ApiKeysController_update"];
        trace?: never;
    };
    "/api_keys/{id}/rotate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Give the key a new secret
         * @description Admin keys only.
         */
        post: operations["ApiKeysController_rotate"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api_keys/{id}/tokens": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A key's personal access tokens
         * @description Admin keys only.
         */
        get: operations["KeyTokensController_list"];
        put?: never;
        /**
         * Mint a personal access token of a key (the only answer with the token)
         * @description Admin keys only.
         */
        post: operations["KeyTokensController_mint"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api_keys/{id}/tokens/{tokenId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Revoke a personal access token of a key
         * @description Admin keys only.
         */
        delete: operations["KeyTokensController_revoke"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api_keys/me": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The calling key's own record (any key) */
        get: operations["ApiKeySelfController_me"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api_keys/me/tokens": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The calling key's personal access tokens */
        get: operations["OwnTokensController_list"];
        put?: never;
        /** Mint a personal access token of the calling key (the only answer with the token) */
        post: operations["OwnTokensController_mint"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api_keys/me/tokens/{tokenId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Revoke a personal access token of the calling key */
        delete: operations["OwnTokensController_revoke"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/agents": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List agents
         * @description Needs the scope `agent:read`.
         */
        get: operations["AgentsController_list"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/agents/{agentKey}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get an agent
         * @description Needs the scope `agent:read`.
         */
        get: operations["AgentsController_get"];
        /**
         * Update an agent
         * @description Needs the scope `agent:write`.
         */
        put: operations["AgentsController_update"];
        post?: never;
        /**
         * Delete an agent
         * @description Needs the scope `agent:write`.
         */
        delete: operations["AgentsController_delete"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/agents/{agentKey}/agui": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Run the agent on one turn of a thread, from AG-UI's standard RunAgentInput, as AG-UI events
         * @description Needs the scope `agent:execute`. For @ag-ui/client's HttpAgent, CopilotKit and other AG-UI front ends. `threadId` names one of the caller's conversations with the agent (created on the thread's first run); the last message, a user message, is the question; earlier turns come from the stored conversation, never from `messages`. `tools`, `context`, `state` and `forwardedProps` are accepted and not used.
         */
        post: operations["ChatController_aguiRun"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/agents/{agentKey}/conversations": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The caller's conversations with an agent, and those shared with them
         * @description Needs the scope `agent:read`.
         */
        get: operations["ConversationsController_list"];
        put?: never;
        /**
         * Start a conversation: the first answer, as JSON
         * @description Needs the scope `agent:execute`.
         */
        post: operations["ChatController_create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/agents/{agentKey}/conversations/{conversationId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A conversation and a page of its messages
         * @description Needs the scope `agent:read`.
         */
        get: operations["ConversationsController_detail"];
        put?: never;
        post?: never;
        /**
         * Delete a conversation (idempotent)
         * @description Needs the scope `agent:write`.
         */
        delete: operations["ConversationsController_delete"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/agents/{agentKey}/conversations/{conversationId}/archive": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Archive a conversation
         * @description Needs the scope `agent:write`.
         */
        post: operations["ConversationsController_archive"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/agents/{agentKey}/conversations/{conversationId}/cancel": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Stop a running turn (its partial answer is kept)
         * @description Needs the scope `agent:execute`.
         */
        post: operations["ChatController_cancel"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/agents/{agentKey}/conversations/{conversationId}/message/{messageId}/feedback": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Feedback on an answer
         * @description Needs the scope `agent:execute`.
         */
        post: operations["ConversationsController_feedback"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/agents/{agentKey}/conversations/{conversationId}/message/{messageId}/regenerate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Answer a question again, replacing the answer, as AG-UI events
         * @description Needs the scope `agent:execute`. Lookups and the regenerate rules are reported as RUN_ERROR once the stream is open.
         */
        post: operations["ChatController_regenerate"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/agents/{agentKey}/conversations/{conversationId}/messages": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Ask a follow-up: the answer, as JSON
         * @description Needs the scope `agent:execute`.
         */
        post: operations["ChatController_add"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/agents/{agentKey}/conversations/{conversationId}/messages/stream": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Ask a follow-up: the answer, as AG-UI events
         * @description Needs the scope `agent:execute`.
         */
        post: operations["ChatController_streamAdd"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/agents/{agentKey}/conversations/{conversationId}/project": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Put a conversation in a project (or none)
         * @description Needs the scope `agent:write`.
         */
        put: operations["ConversationsController_project"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/agents/{agentKey}/conversations/{conversationId}/project-visibility": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Who in the project sees the conversation
         * @description Needs the scope `agent:write`.
         */
        patch: operations["ConversationsController_projectVisibility"];
        trace?: never;
    };
    "/api/v1/agents/{agentKey}/conversations/{conversationId}/title": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Rename a conversation
         * @description Needs the scope `agent:write`.
         */
        patch: operations["ConversationsController_title"];
        trace?: never;
    };
    "/api/v1/agents/{agentKey}/conversations/{conversationId}/unarchive": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Unarchive a conversation
         * @description Needs the scope `agent:write`.
         */
        post: operations["ConversationsController_unarchive"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/agents/{agentKey}/conversations/attachments/{recordId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Delete an attachment
         * @description Needs the scope `agent:execute`.
         */
        delete: operations["AttachmentsController_delete"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/agents/{agentKey}/conversations/attachments/upload": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Upload files to attach to a turn
         * @description Needs the scope `agent:execute`.
         */
        post: operations["AttachmentsController_upload"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/agents/{agentKey}/conversations/show/archives": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The caller's archived conversations with an agent
         * @description Needs the scope `agent:read`.
         */
        get: operations["ConversationsController_archives"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/agents/{agentKey}/conversations/stream": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Start a conversation: the first answer, as AG-UI events
         * @description Needs the scope `agent:execute`.
         */
        post: operations["ChatController_streamCreate"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/agents/conversations/show/archives": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The caller's archived conversations, grouped by agent
         * @description Needs the scope `agent:read`.
         */
        get: operations["ConversationsController_archiveGroups"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/agents/create": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Create an agent
         * @description Needs the scope `agent:write`.
         */
        post: operations["AgentsController_create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/mcp": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Guided Mind MCP: sessions are not kept (405) */
        get: {
            parameters: {
                query?: never;
                header?: {
                    "mcp-protocol-version"?: string;
                    "mcp-session-id"?: string;
                };
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Method Not Allowed: a JSON-RPC error */
                405: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "jsonrpc": "2.0",
                         *       "error": {
                         *         "code": -32000,
                         *         "message": "Method not allowed."
                         *       },
                         *       "id": null
                         *     }
                         */
                        "application/json": {
                            error: {
                                code: number;
                                message: string;
                            };
                            id: null;
                            /** @enum {string} */
                            jsonrpc: "2.0";
                        };
                    };
                };
            };
        };
        put?: never;
        /**
         * Guided Mind MCP (Streamable HTTP, stateless): one JSON-RPC message
         * @description The Guided Mind tools (rag_search and its companions) for agents, through the MCP SDK; any replica answers any request. Takes the key headers or `Authorization: Bearer <key id>.<secret>`.
         */
        post: {
            parameters: {
                query?: never;
                header?: {
                    "mcp-protocol-version"?: string;
                    "mcp-session-id"?: string;
                };
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    /**
                     * @example {
                     *       "jsonrpc": "2.0",
                     *       "id": 1,
                     *       "method": "tools/list"
                     *     }
                     */
                    "application/json": {
                        id?: unknown;
                        /** @constant */
                        jsonrpc: "2.0";
                        method: string;
                        params?: Record<string, never>;
                    };
                };
            };
            responses: {
                /** @description The JSON-RPC answer, as JSON or as one Server-Sent Event */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": Record<string, never>;
                        "text/event-stream": string;
                    };
                };
                /** @description A notification or a response was accepted */
                202: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description No key or a bad key (text) */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description A Host that is not allowed (text) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description An unknown or expired session (text) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Content-Type must be application/json (text) */
                415: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
            };
        };
        /** Guided Mind MCP: sessions are not kept (405) */
        delete: {
            parameters: {
                query?: never;
                header?: {
                    "mcp-protocol-version"?: string;
                    "mcp-session-id"?: string;
                };
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Method Not Allowed: a JSON-RPC error */
                405: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "jsonrpc": "2.0",
                         *       "error": {
                         *         "code": -32000,
                         *         "message": "Method not allowed."
                         *       },
                         *       "id": null
                         *     }
                         */
                        "application/json": {
                            error: {
                                code: number;
                                message: string;
                            };
                            id: null;
                            /** @enum {string} */
                            jsonrpc: "2.0";
                        };
                    };
                };
            };
        };
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/mcp/health": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Guided Mind MCP: is the endpoint up, which transports and tools */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Up */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "status": "ok",
                         *       "transports": [
                         *         "streamable-http",
                         *         "sse"
                         *       ],
                         *       "tools": [
                         *         "rag_search",
                         *         "upload_document",
                         *         "upload_and_process"
                         *       ]
                         *     }
                         */
                        "application/json": {
                            /** @enum {string} */
                            status: "ok";
                            tools: string[];
                            transports: ("streamable-http" | "sse")[];
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/mcp/messages": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Guided Mind MCP, legacy HTTP+SSE: a message for a session */
        post: {
            parameters: {
                query?: never;
                header?: {
                    "mcp-protocol-version"?: string;
                    "mcp-session-id"?: string;
                };
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Accepted */
                202: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/mcp/sse": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Guided Mind MCP, legacy HTTP+SSE: open a session */
        get: {
            parameters: {
                query?: never;
                header?: {
                    "mcp-protocol-version"?: string;
                    "mcp-session-id"?: string;
                };
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description The session: its endpoint event, then JSON-RPC messages */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "text/event-stream": string;
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/docs": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The interactive API reference (Swagger UI, an HTML page), offline */
        get: operations["OpenApiController_docs"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/docs/{asset}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The reference's own script, style sheet and icon */
        get: operations["OpenApiController_asset"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/embedding_models": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Embedding models */
        get: operations["CatalogueController_listModels"];
        put?: never;
        /**
         * Register an embedding model
         * @description Admin keys only.
         */
        post: operations["CatalogueController_createModel"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/embedding_models/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get an embedding model */
        get: operations["CatalogueController_getModel"];
        put?: never;
        post?: never;
        /**
         * Delete an embedding model no pipeline uses
         * @description Admin keys only.
         */
        delete: operations["CatalogueController_deleteModel"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/embedding_models/{id}/test": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Embed a probe text (200 whatever the outcome; ok says it)
         * @description Admin keys only.
         */
        post: operations["CatalogueController_testModel"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/embedding_providers": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Embedding providers */
        get: operations["CatalogueController_listProviders"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/healthz": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Liveness: the process answers (503 when its embedded database stopped) */
        get: operations["HealthController_healthz"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/jobs": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Jobs this key may see: ingestion, reindex after a pipeline edit, evaluations */
        get: operations["JobsController_list"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/jobs/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A job: kind, state, counts and errors */
        get: operations["JobsController_get"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/llms": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** LLMs the agents may answer with */
        get: operations["LlmsController_list"];
        put?: never;
        /**
         * Register an OpenAI-compatible LLM
         * @description Admin keys only.
         */
        post: operations["LlmsController_create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/llms/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get an LLM */
        get: operations["LlmsController_get"];
        put?: never;
        post?: never;
        /**
         * Delete an LLM
         * @description Admin keys only.
         */
        delete: operations["LlmsController_delete"];
        options?: never;
        head?: never;
        /**
         * Update an LLM
         * @description Admin keys only.
         */
        patch: operations["LlmsController_update"];
        trace?: never;
    };
    "/llms/{id}/test": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Ask the LLM a short question (200 whatever the outcome; ok says it)
         * @description Admin keys only.
         */
        post: operations["LlmsController_test"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/mcp": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** MCP: the server-to-client event stream of a session */
        get: {
            parameters: {
                query?: never;
                header?: {
                    "mcp-protocol-version"?: string;
                    "mcp-session-id"?: string;
                };
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description JSON-RPC messages as Server-Sent Events */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "text/event-stream": string;
                    };
                };
                /** @description No mcp-session-id header (text) */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description No key or a bad key (text) */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description A Host that is not allowed (text) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description An unknown or expired session (text) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description No stream for this session (text) */
                405: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
            };
        };
        put?: never;
        /**
         * MCP (Streamable HTTP): one JSON-RPC message
         * @description The MCP server: `initialize`, `tools/list`, `tools/call` (search_knowledge, get_pipelines, get_pipeline_classifications). Accept must list application/json and text/event-stream. The Host must be one of TROVE_MCP_ALLOWED_HOSTS. See docs/mcp.md.
         */
        post: {
            parameters: {
                query?: never;
                header?: {
                    "mcp-protocol-version"?: string;
                    "mcp-session-id"?: string;
                };
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    /**
                     * @example {
                     *       "jsonrpc": "2.0",
                     *       "id": 1,
                     *       "method": "tools/list"
                     *     }
                     */
                    "application/json": {
                        id?: unknown;
                        /** @constant */
                        jsonrpc: "2.0";
                        method: string;
                        params?: Record<string, never>;
                    };
                };
            };
            responses: {
                /** @description The JSON-RPC answer, as JSON or as one Server-Sent Event */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": Record<string, never>;
                        "text/event-stream": string;
                    };
                };
                /** @description A notification or a response was accepted */
                202: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description No key or a bad key (text) */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description A Host that is not allowed (text) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description An unknown or expired session (text) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Content-Type must be application/json (text) */
                415: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
            };
        };
        /** MCP: end a session */
        delete: {
            parameters: {
                query?: never;
                header?: {
                    "mcp-protocol-version"?: string;
                    "mcp-session-id"?: string;
                };
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Ended (no body) */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description No mcp-session-id header (text) */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description No key or a bad key (text) */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description A Host that is not allowed (text) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description An unknown or expired session (text) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
            };
        };
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/metrics": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Prometheus metrics (text exposition format) */
        get: operations["MetricsController_metrics"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/oauth_clients": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List machine clients (without secrets)
         * @description Admin keys only.
         */
        get: operations["OAuthClientsController_list"];
        put?: never;
        /**
         * Register a machine client (the only answer with its secret, with rotate)
         * @description Admin keys only.
         */
        post: operations["OAuthClientsController_create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/oauth_clients/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a machine client
         * @description Admin keys only.
         */
        get: operations["OAuthClientsController_get"];
        put?: never;
        post?: never;
        /**
         * Delete a machine client (its tokens stop working)
         * @description Admin keys only.
         */
        delete: operations["OAuthClientsController_delete"];
        options?: never;
        head?: never;
        /**
         * Change a machine client's name, grants or scopes (its tokens follow on their next use)
         * @description Admin keys only.
         */
        patch: operations["OAuthClientsController_update"];
        trace?: never;
    };
    "/oauth_clients/{id}/rotate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Give the client a new secret (the old one and its tokens stop working)
         * @description Admin keys only.
         */
        post: operations["OAuthClientsController_rotate"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/openapi.json": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** This document: the REST API as OpenAPI 3.1 */
        get: operations["OpenApiController_openapi"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/pipelines": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List the pipelines this key may read */
        get: operations["PipelinesController_list"];
        put?: never;
        /**
         * Create a pipeline
         * @description Admin keys only.
         */
        post: operations["PipelinesController_create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/pipelines/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get a pipeline */
        get: operations["PipelinesController_get"];
        put?: never;
        post?: never;
        /**
         * Delete a pipeline and everything in it
         * @description Admin keys only.
         */
        delete: operations["PipelinesController_delete"];
        options?: never;
        head?: never;
        /**
         * Update a pipeline: names, defaults, embedding models, full text
         * @description Admin keys only. Adding a model, turning full text on or changing its text search configuration, in a pipeline that holds live fragments, answers 202 with the reindex job that gives them vectors or lexemes; the edit itself is applied, and searching the new model (or full text) answers 409 until the job has finished. Removing a model drops its vectors; turning full text off drops the lexemes. The ranking and its BM25 parameters apply at once.
         */
        patch: operations["PipelineEditController_update"];
        trace?: never;
    };
    "/pipelines/{id}/classifications": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The pipeline's classifications and their hierarchy */
        get: operations["PipelinesController_getClassifications"];
        /**
         * Replace the classifications and their hierarchy
         * @description Admin keys only.
         */
        put: operations["PipelinesController_putClassifications"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/pipelines/{id}/documents": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List documents */
        get: operations["DocumentsController_list"];
        put?: never;
        /** Add documents (one or a list; ?async=true queues them as a job, 202) */
        post: operations["DocumentsController_add"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/pipelines/{id}/documents/{documentId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get a document */
        get: operations["DocumentsController_get"];
        put?: never;
        post?: never;
        /**
         * Expire a document (its fragments leave search)
         * @description Answers the expired document; a key that may not read gets only its id and expiry.
         */
        delete: operations["DocumentsController_expire"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/pipelines/{id}/documents/{documentId}/fragments": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A document's fragments */
        get: operations["DocumentsController_fragments"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/pipelines/{id}/documents/{documentId}/versions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A document's versions, oldest first (paged on the version number) */
        get: operations["DocumentsController_versions"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/pipelines/{id}/evaluations": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The pipeline's evaluations this key started (an admin key: all), oldest first */
        get: operations["EvaluationsController_list"];
        put?: never;
        /**
         * Evaluate searches on labelled queries (202: queued as a job of kind evaluation)
         * @description Each query is searched with each search, with the grants and classifications of this key; the documents found are scored against the relevant items (hit, recall, precision, MRR, nDCG at k).
         */
        post: operations["EvaluationsController_create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/pipelines/{id}/evaluations/{evaluationId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** An evaluation: its status and progress, and once done the metrics of each search and per query */
        get: operations["EvaluationsController_get"];
        put?: never;
        post?: never;
        /** Delete an evaluation (a queued or running one is cancelled) */
        delete: operations["EvaluationsController_delete"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/pipelines/{id}/evaluations/{evaluationId}/queries/{position}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One query of an evaluation (by its position): what each search found, with the passages */
        get: operations["EvaluationsController_query"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/pipelines/{id}/files": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Files kept for later processing */
        get: operations["FilesController_list"];
        put?: never;
        /** Upload files (multipart) as documents, or keep them for later (process=false) */
        post: operations["FilesController_upload"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/pipelines/{id}/files/{fileId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A kept file */
        get: operations["FilesController_get"];
        put?: never;
        post?: never;
        /** Discard a kept file (a key that may not read gets only its id) */
        delete: operations["FilesController_delete"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/pipelines/{id}/files/{fileId}/process": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Make a kept file a document */
        post: operations["FilesController_process"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/pipelines/{id}/search": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Search a pipeline: similarity, mmr, search (full text), hybrid, history */
        post: operations["SearchController_search"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/readyz": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Readiness: database reachable, migrations applied, not draining (else 503) */
        get: operations["HealthController_readyz"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/rerankers": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Rerankers searches may ask for */
        get: operations["RerankersController_list"];
        put?: never;
        /**
         * Register a reranker: a /rerank endpoint (Cohere, Jina, vLLM, Infinity, LocalAI) or Text Embeddings Inference
         * @description Admin keys only.
         */
        post: operations["RerankersController_create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/rerankers/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get a reranker */
        get: operations["RerankersController_get"];
        put?: never;
        post?: never;
        /**
         * Delete a reranker
         * @description Admin keys only.
         */
        delete: operations["RerankersController_delete"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/rerankers/{id}/test": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Rank two passages for a probe question (200 whatever the outcome; ok says it)
         * @description Admin keys only.
         */
        post: operations["RerankersController_test"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/text_splitters": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Text splitters */
        get: operations["CatalogueController_listSplitters"];
        put?: never;
        /**
         * Create a text splitter
         * @description Admin keys only.
         */
        post: operations["CatalogueController_createSplitter"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/text_splitters/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get a text splitter */
        get: operations["CatalogueController_getSplitter"];
        put?: never;
        post?: never;
        /**
         * Delete a text splitter
         * @description Admin keys only.
         */
        delete: operations["CatalogueController_deleteSplitter"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export type webhooks = Record<string, never>;
export interface components {
    schemas: {
        AddMessageResponse: {
            conversation: components["schemas"]["Conversation"];
            meta: {
                /** @description milliseconds */
                duration: number;
                recordsUsed: number;
                requestId: string;
                /**
                 * @description ISO 8601
                 * @example 2026-12-01T09:30:00.000Z
                 */
                timestamp: string;
            };
            /** @description distinct documents and attachments cited */
            recordsUsed: number;
        };
        /**
         * @example {
         *       "_id": "agentInstances/0193b2c4-5d6e-7f80-9a1b-2c3d4e5f6a7b",
         *       "_key": "0193b2c4-5d6e-7f80-9a1b-2c3d4e5f6a7b",
         *       "_rev": "1",
         *       "name": "Support",
         *       "createdAtTimestamp": 1764547200000,
         *       "updatedAtTimestamp": 1764547200000,
         *       "createdBy": "0193a000-0000-7000-8000-00000000a0a0",
         *       "updatedBy": null,
         *       "isActive": true,
         *       "isDeleted": false,
         *       "isServiceAccount": false,
         *       "tags": [
         *         "support"
         *       ],
         *       "shareWithOrg": false,
         *       "usesOrgDefault": true,
         *       "webSearch": null,
         *       "defaultReasoningEffort": null,
         *       "sendUserContext": false,
         *       "instructions": null,
         *       "mcpServers": [],
         *       "description": "Answers from the support FAQ",
         *       "systemPrompt": "",
         *       "startMessage": "How can I help?",
         *       "models": [],
         *       "toolsets": [],
         *       "knowledge": [
         *         {
         *           "_key": "0193b2c4-0000-7000-8000-000000000001",
         *           "connectorId": "0193b2c4-0000-7000-8000-0000000000aa",
         *           "name": "support-kb",
         *           "type": "KB",
         *           "displayName": "support-kb",
         *           "filtersParsed": {}
         *         }
         *       ],
         *       "skills": [],
         *       "can_view": true,
         *       "can_share": true,
         *       "can_edit": true,
         *       "can_delete": true,
         *       "user_role": "OWNER",
         *       "access_type": "INDIVIDUAL"
         *     }
         */
        Agent: {
            /** @description agentInstances/<_key> */
            _id: string;
            /** @description the agent key, a UUID */
            _key: string;
            _rev: string;
            /** @enum {string} */
            access_type: "INDIVIDUAL" | "ADMIN" | "ORGANIZATION";
            can_delete: boolean;
            can_edit: boolean;
            can_share: boolean;
            /** @constant */
            can_view: true;
            /** @description epoch milliseconds */
            createdAtTimestamp: number;
            /** @description the creating key */
            createdBy: string;
            defaultReasoningEffort: ("none" | "low" | "medium" | "high" | "max") | null;
            description: string;
            instructions: string | null;
            /** @constant */
            isActive: true;
            isDeleted: boolean;
            isServiceAccount: boolean;
            knowledge: components["schemas"]["AgentKnowledge"][];
            /** @description always empty: Trove connects no MCP servers to agents */
            mcpServers: unknown[];
            models: components["schemas"]["AgentModel"][];
            name: string;
            sendUserContext: boolean;
            shareWithOrg: boolean;
            skills: {
                category: null;
                description: null;
                name: string;
                status: null;
                subcategory: null;
                version: null;
            }[];
            startMessage: string;
            systemPrompt: string;
            tags: string[];
            toolsets: {
                _key: string;
                displayName: string;
                instanceId?: string;
                instanceName?: string;
                /** @enum {string} */
                name: "calendar" | "clickup" | "confluence" | "confluencedatacenter" | "drive" | "github" | "gmail" | "jira" | "jiradatacenter" | "lumos" | "mariadb" | "onedrive" | "outlook" | "redshift" | "salesforce" | "sharepoint" | "slack" | "teams" | "zoom";
                selectedTools: null;
                tools: {
                    _key: string;
                    /**
                     * @description Trove runs no toolsets: kept, never called
                     * @constant
                     */
                    deprecated: true;
                    description?: string;
                    fullName: string;
                    name: string;
                    toolsetName: string;
                }[];
                type?: string;
            }[];
            /** @description epoch milliseconds */
            updatedAtTimestamp: number;
            updatedBy: string | null;
            /** @enum {string} */
            user_role: "OWNER" | "ADMIN" | "READER";
            /** @description no models of its own: the default LLM answers */
            usesOrgDefault: boolean;
            webSearch: {
                provider: string;
                providerKey?: string;
                providerLabel?: string;
            } | null;
        };
        AgentAddMessageRequest: {
            agentCapabilities?: {
                /** @default false */
                deepSearch?: boolean;
                /** @default true */
                internalSearch?: boolean;
                /** @default true */
                webSearch?: boolean;
            };
            appliedFilters?: {
                apps?: {
                    connector?: string;
                    id?: string;
                    name?: string;
                    nodeType?: string;
                }[];
                kb?: {
                    connector?: string;
                    id?: string;
                    name?: string;
                    nodeType?: string;
                }[];
            };
            attachments?: {
                extension?: string;
                mimeType?: string;
                recordId: string;
                recordName?: string;
                virtualRecordId?: string;
            }[];
            /** @constant */
            chatMode?: "quick";
            currentTime?: string;
            filters?: {
                apps?: string[];
                kb?: string[];
            };
            modelFriendlyName?: string;
            modelKey?: string;
            modelName?: string;
            /** @constant */
            protocol?: "agui";
            query: string;
            runId?: string;
            timezone?: string;
            tools?: string[];
        };
        AgentAddMessageStreamRequest: {
            agentCapabilities?: {
                /** @default false */
                deepSearch?: boolean;
                /** @default true */
                internalSearch?: boolean;
                /** @default true */
                webSearch?: boolean;
            };
            appliedFilters?: {
                apps?: {
                    connector?: string;
                    id?: string;
                    name?: string;
                    nodeType?: string;
                }[];
                kb?: {
                    connector?: string;
                    id?: string;
                    name?: string;
                    nodeType?: string;
                }[];
            };
            attachments?: {
                extension?: string;
                mimeType?: string;
                recordId: string;
                recordName?: string;
                virtualRecordId?: string;
            }[];
            /** @constant */
            chatMode: "quick";
            currentTime?: string;
            filters?: {
                apps?: string[];
                kb?: string[];
            };
            modelFriendlyName?: string;
            modelKey?: string;
            modelName?: string;
            /** @constant */
            protocol?: "agui";
            query: string;
            runId?: string;
            timezone?: string;
            tools?: string[];
        };
        AgentArchivedConversationListResponse: {
            conversations: components["schemas"]["AgentConversationListItem"][];
            filters: components["schemas"]["SearchHistoryFilters"];
            meta: {
                /** @description milliseconds */
                duration: number;
                requestId: string;
                /**
                 * @description ISO 8601
                 * @example 2026-12-01T09:30:00.000Z
                 */
                timestamp: string;
            };
            pagination: components["schemas"]["Pagination"];
            summary: {
                /**
                 * @description ISO 8601
                 * @example 2026-12-01T09:30:00.000Z
                 */
                newestArchive?: string;
                /**
                 * @description of this page; absent when it is empty
                 * @example 2026-12-01T09:30:00.000Z
                 */
                oldestArchive?: string;
                totalArchived: number;
            };
        };
        AgentArchivedGroupsResponse: {
            agentPagination: components["schemas"]["Pagination"];
            groups: {
                agentKey: string;
                conversations: components["schemas"]["AgentConversationListItem"][];
                pagination: components["schemas"]["Pagination"];
            }[];
            meta: {
                /** @description milliseconds */
                duration: number;
                requestId: string;
                /**
                 * @description ISO 8601
                 * @example 2026-12-01T09:30:00.000Z
                 */
                timestamp: string;
            };
        };
        AgentConversation: {
            /** @description an ObjectId (24 hex digits) */
            _id: string;
            agentKey: string;
            /** @constant */
            conversationSource: "agent_chat";
            /**
             * @description ISO 8601
             * @example 2026-12-01T09:30:00.000Z
             */
            createdAt: string;
            /** @description when Failed */
            failReason?: string;
            initiator: string;
            isShared: boolean;
            /** @description epoch milliseconds */
            lastActivityAt: number;
            messages: components["schemas"]["Message"][];
            modelInfo?: components["schemas"]["ModelInfo"];
            orgId: string;
            projectId: string | null;
            projectVisibility: ("private" | "project") | null;
            sharedWith: {
                /** @enum {string} */
                accessLevel: "read" | "write";
                userId: string;
            }[];
            status: components["schemas"]["ConversationStatus"];
            title: string;
            /**
             * @description ISO 8601
             * @example 2026-12-01T09:30:00.000Z
             */
            updatedAt: string;
            userId: string;
        };
        AgentConversationDetail: {
            access: {
                /** @enum {string} */
                accessLevel: "read" | "write";
                isOwner: boolean;
            };
            /**
             * @description ISO 8601
             * @example 2026-12-01T09:30:00.000Z
             */
            createdAt: string;
            /** @description when Failed */
            failReason?: string;
            /** @description an ObjectId (24 hex digits) */
            id: string;
            initiator: string;
            isShared: boolean;
            messages: components["schemas"]["DetailMessage"][];
            modelInfo?: components["schemas"]["ModelInfo"];
            pagination: {
                hasNextPage: boolean;
                hasPrevPage: boolean;
                limit: number;
                messageRange: {
                    end: number;
                    start: number;
                };
                page: number;
                totalCount: number;
                totalPages: number;
            };
            sharedWith: {
                /** @enum {string} */
                accessLevel: "read" | "write";
                userId: string;
            }[];
            status: components["schemas"]["ConversationStatus"];
            title: string;
        };
        AgentConversationDetailResponse: {
            conversation: components["schemas"]["AgentConversationDetail"];
            filters: components["schemas"]["SearchHistoryFilters"];
            meta: {
                /** @description an ObjectId (24 hex digits) */
                conversationId: string;
                /** @description milliseconds */
                duration: number;
                messageCount: number;
                requestId: string;
                /**
                 * @description ISO 8601
                 * @example 2026-12-01T09:30:00.000Z
                 */
                timestamp: string;
            };
        };
        AgentConversationListItem: {
            /** @description an ObjectId (24 hex digits) */
            _id: string;
            /** @enum {string} */
            accessLevel: "read" | "write";
            agentKey: string;
            /**
             * @description archive listings only
             * @example 2026-12-01T09:30:00.000Z
             */
            archivedAt?: string;
            /** @description absent if never archived, null once unarchived */
            archivedBy?: string | null;
            conversationErrors: {
                errorType: string;
                message: string;
                /** @description an ObjectId (24 hex digits) */
                messageId?: string;
                /**
                 * @description ISO 8601
                 * @example 2026-12-01T09:30:00.000Z
                 */
                timestamp: string;
            }[];
            /** @constant */
            conversationSource: "agent_chat";
            /**
             * @description ISO 8601
             * @example 2026-12-01T09:30:00.000Z
             */
            createdAt: string;
            deletedBy: string | null;
            /** @description when Failed */
            failReason?: string;
            initiator: string;
            isArchived: boolean;
            isDeleted: boolean;
            isOwner: boolean;
            isShared: boolean;
            /** @description epoch milliseconds */
            lastActivityAt: number;
            modelInfo?: components["schemas"]["ModelInfo"];
            orgId: string;
            projectId: string | null;
            projectVisibility: ("private" | "project") | null;
            /** @description absent on conversations shared with the caller */
            sharedWith?: {
                /** @enum {string} */
                accessLevel: "read" | "write";
                userId: string;
            }[];
            status: components["schemas"]["ConversationStatus"];
            title: string;
            /**
             * @description ISO 8601
             * @example 2026-12-01T09:30:00.000Z
             */
            updatedAt: string;
            /** @description the key that started it */
            userId: string;
        };
        AgentConversationListResponse: {
            conversations: components["schemas"]["AgentConversationListItem"][];
            filters: components["schemas"]["SearchHistoryFilters"];
            meta: {
                /** @description milliseconds */
                duration: number;
                requestId: string;
                /**
                 * @description ISO 8601
                 * @example 2026-12-01T09:30:00.000Z
                 */
                timestamp: string;
            };
            pagination: components["schemas"]["Pagination"];
            sharedWithMeConversations: components["schemas"]["AgentConversationListItem"][];
        };
        AgentCreateConversationRequest: {
            agentCapabilities?: {
                /** @default false */
                deepSearch?: boolean;
                /** @default true */
                internalSearch?: boolean;
                /** @default true */
                webSearch?: boolean;
            };
            appliedFilters?: {
                apps?: {
                    connector?: string;
                    id?: string;
                    name?: string;
                    nodeType?: string;
                }[];
                kb?: {
                    connector?: string;
                    id?: string;
                    name?: string;
                    nodeType?: string;
                }[];
            };
            attachments?: {
                extension?: string;
                mimeType?: string;
                recordId: string;
                recordName?: string;
                virtualRecordId?: string;
            }[];
            /** @constant */
            chatMode?: "quick";
            currentTime?: string;
            filters?: {
                apps?: string[];
                kb?: string[];
            };
            modelFriendlyName?: string;
            modelKey?: string;
            modelName?: string;
            projectId?: string;
            /** @enum {string} */
            projectVisibility?: "private" | "project";
            /** @constant */
            protocol?: "agui";
            query: string;
            recordIds?: string[];
            runId?: string;
            timezone?: string;
            tools?: string[];
        };
        AgentCreateRequest: {
            defaultReasoningEffort?: ("none" | "low" | "medium" | "high" | "max") | null;
            description?: string;
            instructions?: string;
            /** @default false */
            isServiceAccount?: boolean;
            /** @default [] */
            knowledge?: {
                connectorId: string;
                filters?: {
                    recordGroups?: string[];
                    records?: string[];
                } | string | unknown[];
            }[];
            /** @default [] */
            models?: (string | {
                isReasoning?: boolean;
                modelKey: string;
                modelName?: string;
                provider?: string;
            })[];
            name: string;
            /** @default true */
            sendUserContext?: boolean;
            /** @default false */
            shareWithOrg?: boolean;
            /** @default [] */
            skills?: {
                name: string;
            }[];
            startMessage?: string;
            systemPrompt?: string;
            /** @default [] */
            tags?: string[];
            /** @default [] */
            toolsets?: {
                displayName?: string;
                instanceId?: string;
                instanceName?: string;
                /** @enum {string} */
                name: "calendar" | "clickup" | "confluence" | "confluencedatacenter" | "drive" | "github" | "gmail" | "jira" | "jiradatacenter" | "lumos" | "mariadb" | "onedrive" | "outlook" | "redshift" | "salesforce" | "sharepoint" | "slack" | "teams" | "zoom";
                tools?: {
                    description?: string;
                    fullName?: string;
                    name: string;
                }[];
                type?: string;
            }[];
            webSearch?: string | null | {
                iconPath?: string;
                provider: string;
                providerKey?: string;
                providerLabel?: string;
            };
        };
        AgentCreateResponse: {
            agent: components["schemas"]["AgentCreateResponseAgent"];
            /** @description Agent created successfully */
            message: string;
            /** @constant */
            status: "success";
        };
        AgentCreateResponseAgent: {
            /** @description the agent key, a UUID */
            _key: string;
            /** @description epoch milliseconds */
            createdAtTimestamp: number;
            createdBy: string;
            defaultReasoningEffort: ("none" | "low" | "medium" | "high" | "max") | null;
            description: string;
            instructions: string | null;
            /** @constant */
            isActive: true;
            /** @constant */
            isDeleted: false;
            isServiceAccount: boolean;
            knowledge: {
                connectorId: string;
                filters: components["schemas"]["KnowledgeFilters"] | string | unknown[];
                key: string;
            }[];
            mcpServers: unknown[];
            models: string[];
            name: string;
            sendUserContext: boolean;
            skills: {
                name: string;
            }[];
            startMessage: string;
            systemPrompt: string;
            tags: string[];
            toolsets: {
                displayName: string;
                key: string;
                /** @enum {string} */
                name: "calendar" | "clickup" | "confluence" | "confluencedatacenter" | "drive" | "github" | "gmail" | "jira" | "jiradatacenter" | "lumos" | "mariadb" | "onedrive" | "outlook" | "redshift" | "salesforce" | "sharepoint" | "slack" | "teams" | "zoom";
                tools: {
                    fullName: string;
                    key: string;
                    name: string;
                }[];
            }[];
            /** @description epoch milliseconds */
            updatedAtTimestamp: number;
            updatedBy: string | null;
            webSearch: {
                provider: string;
                providerKey?: string;
                providerLabel?: string;
            } | null;
        };
        AgentKnowledge: {
            _key: string;
            /** @description the pipeline id */
            connectorId: string;
            displayName: string;
            filters?: components["schemas"]["KnowledgeFilters"] | string | unknown[];
            filtersParsed: components["schemas"]["KnowledgeFilters"];
            /** @description the pipeline name */
            name: string;
            /** @constant */
            type: "KB";
        };
        AgentListItem: {
            /** @description agentInstances/<_key> */
            _id: string;
            /** @description the agent key, a UUID */
            _key: string;
            _rev: string;
            /** @enum {string} */
            access_type: "INDIVIDUAL" | "ADMIN" | "ORGANIZATION";
            can_delete: boolean;
            can_edit: boolean;
            can_share: boolean;
            /** @constant */
            can_view: true;
            /** @description epoch milliseconds */
            createdAtTimestamp: number;
            /** @description the creating key */
            createdBy: string;
            defaultReasoningEffort: ("none" | "low" | "medium" | "high" | "max") | null;
            description: string;
            instructions: string | null;
            /** @constant */
            isActive: true;
            isDeleted: boolean;
            isServiceAccount: boolean;
            knowledge: components["schemas"]["AgentKnowledge"][];
            /** @description always empty: Trove connects no MCP servers to agents */
            mcpServers: unknown[];
            models: string[];
            name: string;
            sendUserContext: boolean;
            shareWithOrg: boolean;
            startMessage: string;
            systemPrompt: string;
            tags: string[];
            toolsets: {
                _key: string;
                displayName: string;
                instanceId?: string;
                instanceName?: string;
                /** @enum {string} */
                name: "calendar" | "clickup" | "confluence" | "confluencedatacenter" | "drive" | "github" | "gmail" | "jira" | "jiradatacenter" | "lumos" | "mariadb" | "onedrive" | "outlook" | "redshift" | "salesforce" | "sharepoint" | "slack" | "teams" | "zoom";
                selectedTools: null;
                tools: {
                    _key: string;
                    description?: string;
                    fullName: string;
                    name: string;
                    toolsetName: string;
                }[];
                type?: string;
            }[];
            /** @description epoch milliseconds */
            updatedAtTimestamp: number;
            updatedBy: string | null;
            /** @enum {string} */
            user_role: "OWNER" | "ADMIN" | "READER";
            /** @description no models of its own: the default LLM answers */
            usesOrgDefault: boolean;
            webSearch: {
                provider: string;
                providerKey?: string;
                providerLabel?: string;
            } | null;
        };
        AgentListResponse: {
            agents: components["schemas"]["AgentListItem"][];
            pagination: {
                currentPage: number;
                hasNext: boolean;
                hasPrev: boolean;
                limit: number;
                totalItems: number;
                totalPages: number;
            };
            /** @constant */
            success: true;
        };
        AgentModel: {
            /** @description present while the LLM is registered */
            isDefault?: boolean;
            /** @constant */
            isMultimodal: false;
            isReasoning: boolean;
            modelFriendlyName?: string;
            /** @description an LLM id (GET /llms) */
            modelKey: string;
            modelName: string;
            /** @constant */
            modelType: "llm";
            provider: string;
        };
        AgentRegenerateRequest: {
            agentCapabilities?: {
                /** @default false */
                deepSearch?: boolean;
                /** @default true */
                internalSearch?: boolean;
                /** @default true */
                webSearch?: boolean;
            };
            /** @constant */
            chatMode: "quick";
            currentTime?: string;
            filters?: {
                apps?: string[];
                kb?: string[];
            };
            modelFriendlyName?: string;
            modelKey?: string;
            modelName?: string;
            /** @constant */
            protocol?: "agui";
            runId?: string;
            timezone?: string;
            tools?: string[];
        };
        AgentRunResult: {
            conversation: components["schemas"]["AgentConversation"] | components["schemas"]["Conversation"];
            meta: {
                /** @description milliseconds */
                duration: number;
                recordsUsed: number;
                requestId: string;
                /**
                 * @description ISO 8601
                 * @example 2026-12-01T09:30:00.000Z
                 */
                timestamp: string;
            };
            recordsUsed: number;
        };
        AgentStreamCreateConversationRequest: {
            agentCapabilities?: {
                /** @default false */
                deepSearch?: boolean;
                /** @default true */
                internalSearch?: boolean;
                /** @default true */
                webSearch?: boolean;
            };
            appliedFilters?: {
                apps?: {
                    connector?: string;
                    id?: string;
                    name?: string;
                    nodeType?: string;
                }[];
                kb?: {
                    connector?: string;
                    id?: string;
                    name?: string;
                    nodeType?: string;
                }[];
            };
            attachments?: {
                extension?: string;
                mimeType?: string;
                recordId: string;
                recordName?: string;
                virtualRecordId?: string;
            }[];
            /** @constant */
            chatMode: "quick";
            currentTime?: string;
            filters?: {
                apps?: string[];
                kb?: string[];
            };
            modelFriendlyName?: string;
            modelKey?: string;
            modelName?: string;
            projectId?: string;
            /** @enum {string} */
            projectVisibility?: "private" | "project";
            /** @constant */
            protocol?: "agui";
            query: string;
            recordIds?: string[];
            runId?: string;
            timezone?: string;
            tools?: string[];
        };
        AgentUpdateRequest: {
            defaultReasoningEffort?: ("none" | "low" | "medium" | "high" | "max") | null;
            description?: string;
            instructions?: string;
            isServiceAccount?: boolean;
            knowledge?: {
                connectorId: string;
                filters?: {
                    recordGroups?: string[];
                    records?: string[];
                } | string | unknown[];
            }[];
            models?: (string | {
                isReasoning?: boolean;
                modelKey: string;
                modelName?: string;
                provider?: string;
            })[];
            name?: string;
            sendUserContext?: boolean;
            shareWithOrg?: boolean;
            skills?: {
                name: string;
            }[];
            startMessage?: string;
            systemPrompt?: string;
            tags?: string[];
            toolsets?: {
                displayName?: string;
                instanceId?: string;
                instanceName?: string;
                /** @enum {string} */
                name: "calendar" | "clickup" | "confluence" | "confluencedatacenter" | "drive" | "github" | "gmail" | "jira" | "jiradatacenter" | "lumos" | "mariadb" | "onedrive" | "outlook" | "redshift" | "salesforce" | "sharepoint" | "slack" | "teams" | "zoom";
                tools?: {
                    description?: string;
                    fullName?: string;
                    name: string;
                }[];
                type?: string;
            }[];
            webSearch?: string | null | {
                iconPath?: string;
                provider: string;
                providerKey?: string;
                providerLabel?: string;
            };
        };
        AguiEvent: {
            runId: string;
            /** @description the conversation id */
            threadId: string;
            /** @description epoch milliseconds */
            timestamp: number;
            /** @constant */
            type: "RUN_STARTED";
        } | {
            /** @description the run was stopped */
            outcome?: {
                /** @constant */
                type: "cancelled";
            };
            result: components["schemas"]["AgentRunResult"];
            runId: string;
            threadId: string;
            /** @description epoch milliseconds */
            timestamp: number;
            /** @constant */
            type: "RUN_FINISHED";
        } | {
            /** @description the ErrorResponse code, e.g. HTTP_NOT_FOUND */
            code: string;
            message: string;
            /** @description epoch milliseconds */
            timestamp: number;
            /** @constant */
            type: "RUN_ERROR";
        } | {
            stepName: string;
            /** @description epoch milliseconds */
            timestamp: number;
            /** @constant */
            type: "STEP_STARTED";
        } | {
            stepName: string;
            /** @description epoch milliseconds */
            timestamp: number;
            /** @constant */
            type: "STEP_FINISHED";
        } | {
            /** @description epoch milliseconds */
            timestamp: number;
            toolCallId: string;
            toolCallName: string;
            /** @constant */
            type: "TOOL_CALL_START";
        } | {
            /** @description JSON text */
            delta: string;
            /** @description epoch milliseconds */
            timestamp: number;
            toolCallId: string;
            /** @constant */
            type: "TOOL_CALL_ARGS";
        } | {
            /** @description epoch milliseconds */
            timestamp: number;
            toolCallId: string;
            /** @constant */
            type: "TOOL_CALL_END";
        } | {
            content: string;
            messageId: string;
            /** @constant */
            role: "tool";
            /** @description epoch milliseconds */
            timestamp: number;
            toolCallId: string;
            /** @constant */
            type: "TOOL_CALL_RESULT";
        } | {
            /** @description the saved answer's id, for its first text message */
            messageId: string;
            /** @constant */
            role: "assistant";
            /** @description epoch milliseconds */
            timestamp: number;
            /** @constant */
            type: "TEXT_MESSAGE_START";
        } | {
            delta: string;
            messageId: string;
            /** @description epoch milliseconds */
            timestamp: number;
            /** @constant */
            type: "TEXT_MESSAGE_CONTENT";
        } | {
            messageId: string;
            /** @description epoch milliseconds */
            timestamp: number;
            /** @constant */
            type: "TEXT_MESSAGE_END";
        } | {
            /** @enum {string} */
            name: "conversation_created" | "tools_unavailable";
            /** @description epoch milliseconds */
            timestamp: number;
            /** @constant */
            type: "CUSTOM";
            value: {
                conversationId: string;
                title: string;
            } | {
                reason: string;
                tools: string[];
            };
        } | {
            /** @description epoch milliseconds */
            timestamp: number;
            /** @constant */
            type: "HEARTBEAT";
        };
        AgUiRunAgentInput: {
            context?: unknown[];
            forwardedProps?: unknown;
            messages: ({
                content?: unknown;
                role: string;
            } & {
                [key: string]: unknown;
            })[];
            runId: string;
            state?: unknown;
            threadId: string;
            tools?: ({
                name: string;
            } & {
                [key: string]: unknown;
            })[];
        } & {
            [key: string]: unknown;
        };
        ChatAttachmentUploadResponse: {
            attachments: {
                extension: string;
                mimeType: string;
                ocrMode: string;
                parseMode: string;
                recordId: string;
                recordName: string;
                virtualRecordId: string;
            }[];
            conversationId: string | null;
        };
        /**
         * @example {
         *       "_id": "674c1f0a9b3e4d5f6a7b8c9d",
         *       "content": "Refunds are issued within fourteen days of the request.",
         *       "chunkIndex": 0,
         *       "citationType": "vectordb",
         *       "metadata": {
         *         "orgId": "trove",
         *         "mimeType": "text/plain",
         *         "recordId": "0193b2c4-0000-7000-8000-0000000000d1",
         *         "recordName": "Refund policy",
         *         "origin": "TROVE",
         *         "recordVersion": 1,
         *         "connector": "TROVE",
         *         "connectorId": "0193b2c4-0000-7000-8000-0000000000aa",
         *         "recordType": "DOCUMENT",
         *         "blockNum": [
         *           0
         *         ],
         *         "blockType": "text"
         *       },
         *       "createdAt": "2026-12-01T09:30:00.000Z",
         *       "updatedAt": "2026-12-01T09:30:00.000Z"
         *     }
         */
        Citation: {
            /** @description an ObjectId (24 hex digits) */
            _id: string;
            chunkIndex: number;
            /** @enum {string} */
            citationType: "vectordb" | "document";
            content: string;
            /**
             * @description ISO 8601
             * @example 2026-12-01T09:30:00.000Z
             */
            createdAt: string;
            metadata: {
                blockNum: number[];
                /** @constant */
                blockType: "text";
                connector: "TROVE" | null;
                /** @description the pipeline id */
                connectorId?: string;
                extension?: string;
                mimeType: string;
                orgId: string;
                /** @enum {string} */
                origin: "TROVE" | "UPLOAD";
                pageNum?: number[];
                /** @description the document id, or the attachment id */
                recordId: string;
                recordName: string;
                /** @enum {string} */
                recordType: "DOCUMENT" | "FILE";
                /** @description the document version quoted */
                recordVersion?: number | null;
                sheetName?: string;
            };
            /**
             * @description ISO 8601
             * @example 2026-12-01T09:30:00.000Z
             */
            updatedAt: string;
        };
        Conversation: {
            /** @description an ObjectId (24 hex digits) */
            _id: string;
            /** @enum {string} */
            accessLevel: "read" | "write";
            /** @description absent if never archived, null once unarchived */
            archivedBy?: string | null;
            conversationErrors: {
                errorType: string;
                message: string;
                /** @description an ObjectId (24 hex digits) */
                messageId?: string;
                /**
                 * @description ISO 8601
                 * @example 2026-12-01T09:30:00.000Z
                 */
                timestamp: string;
            }[];
            /**
             * @description ISO 8601
             * @example 2026-12-01T09:30:00.000Z
             */
            createdAt: string;
            deletedBy?: string;
            /** @description when Failed */
            failReason?: string;
            initiator: string;
            isArchived: boolean;
            isDeleted: boolean;
            isOwner: boolean;
            isShared: boolean;
            /** @description epoch milliseconds */
            lastActivityAt: number;
            messages: components["schemas"]["Message"][];
            modelInfo?: components["schemas"]["ModelInfo"];
            orgId: string;
            projectId: string | null;
            projectVisibility: ("private" | "project") | null;
            sharedWith: {
                /** @enum {string} */
                accessLevel: "read" | "write";
                userId: string;
            }[];
            status: components["schemas"]["ConversationStatus"];
            title: string;
            /**
             * @description ISO 8601
             * @example 2026-12-01T09:30:00.000Z
             */
            updatedAt: string;
            /** @description the key that started it */
            userId: string;
        };
        /** @enum {string} */
        ConversationStatus: "None" | "Inprogress" | "Complete" | "Failed" | "Stopped";
        ConversationTitleUpdateRequest: {
            title: string;
        };
        CreateAgentConversationResponse: {
            conversation: components["schemas"]["AgentConversation"];
            meta: {
                /** @description milliseconds */
                duration: number;
                requestId: string;
                /**
                 * @description ISO 8601
                 * @example 2026-12-01T09:30:00.000Z
                 */
                timestamp: string;
            };
        };
        DetailMessage: {
            /** @description an ObjectId (24 hex digits) */
            _id: string;
            /** @description as the question sent them */
            appliedFilters?: {
                apps?: {
                    connector?: string;
                    id?: string;
                    name?: string;
                    nodeType?: string;
                }[];
                kb?: {
                    connector?: string;
                    id?: string;
                    name?: string;
                    nodeType?: string;
                }[];
            };
            attachments: {
                extension?: string;
                mimeType?: string;
                recordId: string;
                recordName?: string;
                virtualRecordId?: string;
            }[];
            citations: {
                citationData: components["schemas"]["Citation"];
                /** @description an ObjectId (24 hex digits) */
                citationId: string;
            }[];
            /** @enum {string} */
            confidence?: "Very High" | "High" | "Medium" | "Low" | "Unknown";
            content: string;
            /** @constant */
            contentFormat: "MARKDOWN";
            /**
             * @description ISO 8601
             * @example 2026-12-01T09:30:00.000Z
             */
            createdAt: string;
            feedback: components["schemas"]["MessageFeedback"][];
            followUpQuestions: {
                question: string;
            }[];
            /** @enum {string} */
            messageType: "user_query" | "bot_response" | "error" | "feedback" | "system";
            metadata: {
                /** @description the run id of the turn */
                aiTransactionId?: string;
                modelVersion?: string;
                processingTimeMs?: number;
            };
            /** @description answers only */
            modelInfo?: components["schemas"]["ModelInfo"];
            parts: components["schemas"]["MessagePart"][];
            tools: {
                toolName: string;
                toolResult: {
                    query: string;
                    sources: number[];
                };
            }[];
            /**
             * @description ISO 8601
             * @example 2026-12-01T09:30:00.000Z
             */
            updatedAt: string;
        };
        /**
         * Error
         * @example {
         *       "detail": "Pipeline not found"
         *     }
         */
        Error: {
            /** @description What went wrong, for a person to read. */
            detail: string;
        };
        /**
         * ErrorResponse
         * @example {
         *       "error": {
         *         "requestId": "5f0c…",
         *         "code": "HTTP_NOT_FOUND",
         *         "message": "Agent not found"
         *       }
         *     }
         */
        ErrorResponse: {
            error: {
                /**
                 * @example HTTP_NOT_FOUND
                 * @example VALIDATION_ERROR
                 * @example INTERNAL_ERROR
                 */
                code: string;
                message: string;
                metadata?: Record<string, never>;
                requestId?: string;
            };
        };
        Evaluation: {
            /** @description as given at the top, or null */
            classifications: unknown;
            /** @description ISO 8601 */
            created_at: string;
            /** @description why it failed */
            error: string | null;
            finished_at: string | null;
            /** @description a UUID */
            id: string;
            /** @description its job in GET /jobs (kind evaluation) */
            job_id: string;
            k: number;
            /** @description the searches compared, in order */
            labels: string[];
            name: string;
            /** @description a UUID */
            pipeline_id: string;
            /** @description queries searched of all */
            progress: {
                done: number;
                total: number;
            };
            queries: {
                id: string;
                query: string;
                relevant: {
                    /** @description a UUID */
                    document_id?: string;
                    external_id?: string;
                    /** @description a UUID */
                    fragment_id?: string;
                    grade: number;
                }[];
                /** @description the relevant items that named nothing this key could read when it ran; null: not run yet */
                unknown_relevant: {
                    /** @description a UUID */
                    document_id?: string;
                    external_id?: string;
                    /** @description a UUID */
                    fragment_id?: string;
                    grade: number;
                }[] | null;
            }[];
            results: {
                /** @description why the search failed (it failed at one query and ran no more) */
                error: string | null;
                label: string;
                latency_ms: {
                    p50: number;
                    p95: number;
                } | null;
                /** @description the mean over the queries; null when the search failed */
                metrics: components["schemas"]["EvaluationMetrics"] | null;
                /** @description per query, in order */
                queries: {
                    id: string;
                    /** @description null: the search failed at or before this query */
                    metrics: components["schemas"]["EvaluationMetrics"] | null;
                    ranked: {
                        /** @description null: a document this key may no longer read */
                        document_id: string | null;
                        external_id: string | null;
                        /** @description the fragments of it the search returned, best first */
                        fragment_ids: string[];
                        /** @description its gain: the grade of the judgement its returned fragments meet (0: not relevant) */
                        grade: number;
                    }[];
                }[];
                search: {
                    [key: string]: unknown;
                };
            }[] | null;
            searches: {
                label: string;
                /** @description the REST search body run, less query */
                search: {
                    [key: string]: unknown;
                };
            }[];
            /**
             * @description its job's state: done when it succeeded
             * @enum {string}
             */
            status: "queued" | "running" | "done" | "failed";
        };
        EvaluationMetrics: {
            /** @description 1 when a relevant document is among the first k */
            hit_at_k: number;
            /** @description 1 / the rank of the first relevant document among the first k */
            mrr_at_k: number;
            /** @description graded gains, log2 discount, over the ideal order of the judged documents */
            ndcg_at_k: number;
            /** @description the share of the first k that are relevant (k in the denominator) */
            precision_at_k: number;
            /** @description the share of the relevant documents among the first k */
            recall_at_k: number;
        };
        EvaluationQuery: {
            id: string;
            position: number;
            query: string;
            relevant: {
                /** @description a UUID */
                document_id?: string;
                external_id?: string;
                /** @description a UUID */
                fragment_id?: string;
                grade: number;
            }[];
            results: {
                error: string | null;
                label: string;
                metrics: components["schemas"]["EvaluationMetrics"] | null;
                ranked: {
                    /** @description null: a document this key may no longer read */
                    document_id: string | null;
                    external_id: string | null;
                    /** @description the fragments of it the search returned, best first */
                    fragment_ids: string[];
                    /** @description its gain: the grade of the judgement its returned fragments meet (0: not relevant) */
                    grade: number;
                    /** @description the fragments returned that are still live and readable by this key */
                    passages: {
                        /** @description a UUID */
                        fragment_id: string;
                        text: string;
                    }[];
                }[];
            }[];
            unknown_relevant: {
                /** @description a UUID */
                document_id?: string;
                external_id?: string;
                /** @description a UUID */
                fragment_id?: string;
                grade: number;
            }[];
        };
        EvaluationSummary: {
            /** @description ISO 8601 */
            created_at: string;
            /** @description why it failed */
            error: string | null;
            finished_at: string | null;
            /** @description a UUID */
            id: string;
            /** @description its job in GET /jobs (kind evaluation) */
            job_id: string;
            k: number;
            /** @description the searches compared, in order */
            labels: string[];
            name: string;
            /** @description a UUID */
            pipeline_id: string;
            /** @description queries searched of all */
            progress: {
                done: number;
                total: number;
            };
            /** @description once done: one per search, in order */
            results: {
                /** @description why the search failed (it failed at one query and ran no more) */
                error: string | null;
                label: string;
                latency_ms: {
                    p50: number;
                    p95: number;
                } | null;
                /** @description the mean over the queries; null when the search failed */
                metrics: components["schemas"]["EvaluationMetrics"] | null;
            }[] | null;
            /**
             * @description its job's state: done when it succeeded
             * @enum {string}
             */
            status: "queued" | "running" | "done" | "failed";
        };
        GetAgentResponse: {
            agent: components["schemas"]["Agent"];
            /** @description Agent retrieved successfully */
            message: string;
            /** @constant */
            status: "success";
        };
        KnowledgeFilters: {
            /** @description classifications */
            recordGroups?: string[];
            /** @description document ids */
            records?: string[];
        };
        Message: {
            /** @description an ObjectId (24 hex digits) */
            _id: string;
            /** @description as the question sent them */
            appliedFilters?: {
                apps?: {
                    connector?: string;
                    id?: string;
                    name?: string;
                    nodeType?: string;
                }[];
                kb?: {
                    connector?: string;
                    id?: string;
                    name?: string;
                    nodeType?: string;
                }[];
            };
            attachments: {
                extension?: string;
                mimeType?: string;
                recordId: string;
                recordName?: string;
                virtualRecordId?: string;
            }[];
            citations: {
                citationData: components["schemas"]["Citation"];
                /** @description an ObjectId (24 hex digits) */
                citationId: string;
                /** @description which searches found a pipeline's fragment, e.g. 'Found by similarity search and full-text search.' */
                context?: string;
                /** @description the first 300 characters */
                excerpt: string;
                relevanceScore: number;
            }[];
            /** @enum {string} */
            confidence?: "Very High" | "High" | "Medium" | "Low" | "Unknown";
            content: string;
            /** @constant */
            contentFormat: "MARKDOWN";
            /**
             * @description ISO 8601
             * @example 2026-12-01T09:30:00.000Z
             */
            createdAt: string;
            feedback: components["schemas"]["MessageFeedback"][];
            followUpQuestions: {
                question: string;
            }[];
            /** @enum {string} */
            messageType: "user_query" | "bot_response" | "error" | "feedback" | "system";
            metadata: {
                /** @description the run id of the turn */
                aiTransactionId?: string;
                modelVersion?: string;
                processingTimeMs?: number;
                reason?: string;
            };
            /** @description answers only */
            modelInfo?: components["schemas"]["ModelInfo"];
            parts: components["schemas"]["MessagePart"][];
            tools: {
                toolName: string;
                toolResult: {
                    query: string;
                    sources: number[];
                };
            }[];
            /**
             * @description ISO 8601
             * @example 2026-12-01T09:30:00.000Z
             */
            updatedAt: string;
        };
        MessageFeedback: {
            categories?: ("incorrect_information" | "missing_information" | "irrelevant_information" | "unclear_explanation" | "poor_citations" | "excellent_answer" | "helpful_citations" | "well_explained" | "other")[];
            comments?: {
                negative?: string;
                positive?: string;
            };
            /** @description the key that gave it */
            feedbackProvider: string;
            isHelpful?: boolean;
            metrics: {
                /** @description milliseconds since the answer */
                timeToFeedback: number;
                userAgent?: string;
            };
            /** @constant */
            source: "user";
            /** @description epoch milliseconds */
            timestamp: number;
        };
        MessageFeedbackSubmitRequest: {
            categories?: ("incorrect_information" | "missing_information" | "irrelevant_information" | "unclear_explanation" | "poor_citations" | "excellent_answer" | "helpful_citations" | "well_explained" | "other")[];
            comments?: {
                negative?: string;
                positive?: string;
            };
            isHelpful?: boolean;
        };
        MessagePart: {
            /** @description JSON */
            args?: string;
            content?: string;
            isFinal?: boolean;
            resultSummary?: string;
            /** @enum {string} */
            status?: "completed" | "blocked";
            toolCallId?: string;
            toolName?: string;
            /** @enum {string} */
            type: "text" | "tool_call";
        };
        ModelInfo: {
            chatMode?: string;
            modelFriendlyName?: string;
            /** @description the LLM id */
            modelKey?: string;
            modelName?: string;
            modelProvider?: string;
        };
        Pagination: {
            hasNextPage: boolean;
            hasPrevPage: boolean;
            limit: number;
            page: number;
            totalCount: number;
            totalPages: number;
        };
        SearchHistoryFilters: {
            applied: {
                filters: string[];
                values: {
                    dateRange?: {
                        /**
                         * @description ISO 8601
                         * @example 2026-12-01T09:30:00.000Z
                         */
                        end?: string;
                        /**
                         * @description ISO 8601
                         * @example 2026-12-01T09:30:00.000Z
                         */
                        start?: string;
                    };
                    endDate?: string;
                    limit: number;
                    messageType?: string;
                    minMessages?: string;
                    page: number;
                    search?: string;
                    shared?: string;
                    sortBy?: string;
                    sortOrder?: string;
                    startDate?: string;
                    tags?: string;
                };
            };
            available: {
                dateFilters: {
                    dateRange: {
                        applied: boolean;
                        current: {
                            end: string | null;
                            start: string | null;
                        };
                        description: string;
                        format: string;
                        /** @constant */
                        type: "dateRange";
                    };
                };
                messageFilters: {
                    messageType: {
                        applied: boolean;
                        current: string | null;
                        description: string;
                        values: string[];
                    };
                };
                minMessages: {
                    applied: boolean;
                    current: string | null;
                    description: string;
                    type: string;
                };
                pagination: {
                    limit: {
                        applied: boolean;
                        current: number;
                        default: number;
                        description: string;
                        max: number;
                        min: number;
                        /** @constant */
                        type: "number";
                    };
                    page: {
                        applied: boolean;
                        current: number;
                        default: number;
                        description: string;
                        max: number;
                        min: number;
                        /** @constant */
                        type: "number";
                    };
                };
                search: {
                    applied: boolean;
                    current: string | null;
                    description: string;
                    type: string;
                };
                shared: {
                    applied: boolean;
                    current: string | null;
                    description: string;
                    type: string;
                };
                sorting: {
                    sortBy: {
                        applied: boolean;
                        current: string;
                        default: string;
                        description: string;
                        values: string[];
                    };
                    sortOrder: {
                        applied: boolean;
                        current: string;
                        default: string;
                        description: string;
                        values: string[];
                    };
                };
                sortingMessages: {
                    sortBy: {
                        current: string;
                        default: string;
                        description: string;
                        values: string[];
                    };
                    sortOrder: {
                        current: string;
                        default: string;
                        description: string;
                        values: string[];
                    };
                };
                tags: {
                    applied: boolean;
                    current: string | null;
                    description: string;
                    type: string;
                };
            };
        };
        SearchRequest: {
            /** @description the classifications to search: a name, an array of names, or {"values": [...], "match": "hierarchical" | "exact"} */
            classifications: string | string[] | {
                /**
                 * @description hierarchical: a name also finds every classification it inherits, transitively (with the pair [internal, public], internal also finds public; public finds only public); exact: only that name
                 * @default hierarchical
                 * @enum {string}
                 */
                match?: "hierarchical" | "exact";
                values: string[];
            };
            /** @description null: cosine */
            distance_strategy?: ("cosine" | "euclidean" | "inner_product") | null;
            /** @description a metadata filter ($and, $or, $not; per key $eq, $ne, $gt, $gte, $lt, $lte, $in, $nin, $exists) */
            filters?: {
                [key: string]: unknown;
            } | null;
            /** @description Each type takes only its own: similarity: embedding, k, threshold; mmr: embedding, fetch_k, k, lambda_mult, threshold; search: k, threshold; hybrid: embedding, k, fusion, alpha, rrf_k, candidates; history: k. Without params: k 5, fetch_k 10, lambda_mult 0.5; with params, an omitted k or fetch_k is 0. */
            params?: {
                /** @description hybrid: the vector leg's share of the weight, 0..1 (0.5: both alike) */
                alpha?: number;
                /** @description hybrid: the candidates each leg takes (3 × k, at least 20) */
                candidates?: number;
                /** @description an embedding model id of the pipeline; null: the pipeline's default */
                embedding?: string | null;
                /** @description MMR candidates */
                fetch_k?: number;
                /**
                 * @description hybrid: reciprocal rank fusion (rrf, the default) or a weighted sum of scaled scores
                 * @enum {string}
                 */
                fusion?: "rrf" | "weighted";
                /** @description how many fragments to return */
                k?: number;
                /** @description MMR balance: 1 relevance .. 0 diversity (null: 0.5) */
                lambda_mult?: number | null;
                /** @description hybrid, rrf: the constant k of 1 / (k + rank) (60) */
                rrf_k?: number;
                /** @description max distance (similarity, mmr) or min rank (search); null: none */
                threshold?: number | null;
            } | null;
            query: string;
            /** @description the search's best candidates scored again by a reranker; score: its relevance, descending */
            rerank?: {
                /** @description how many of the search's results the reranker scores (3 × k, at least 20) */
                candidates?: number;
                /** @description a reranker of GET /rerankers */
                reranker_id: string;
            } | null;
            /** @enum {string} */
            type: "similarity" | "mmr" | "search" | "hybrid" | "history";
        };
        StoredAgentConversation: {
            /** @description the row version */
            __v: number;
            /** @description an ObjectId (24 hex digits) */
            _id: string;
            agentKey: string;
            /** @description absent if never archived, null once unarchived */
            archivedBy?: string | null;
            conversationErrors: {
                /** @description an ObjectId (24 hex digits) */
                _id?: string;
                errorType: string;
                message: string;
                /** @description an ObjectId (24 hex digits) */
                messageId?: string;
                /**
                 * @description ISO 8601
                 * @example 2026-12-01T09:30:00.000Z
                 */
                timestamp: string;
            }[];
            /** @constant */
            conversationSource: "agent_chat";
            /**
             * @description ISO 8601
             * @example 2026-12-01T09:30:00.000Z
             */
            createdAt: string;
            deletedBy: string | null;
            /** @description when Failed */
            failReason?: string;
            initiator: string;
            isArchived: boolean;
            isDeleted: boolean;
            isShared: boolean;
            /** @description epoch milliseconds */
            lastActivityAt: number;
            messages: components["schemas"]["Message"][];
            modelInfo?: components["schemas"]["ModelInfo"];
            orgId: string;
            sharedWith: {
                /** @enum {string} */
                accessLevel: "read" | "write";
                userId: string;
            }[];
            status: components["schemas"]["ConversationStatus"];
            title: string;
            /**
             * @description ISO 8601
             * @example 2026-12-01T09:30:00.000Z
             */
            updatedAt: string;
            /** @description the key that started it */
            userId: string;
        };
    };
    responses: never;
    parameters: never;
    requestBodies: never;
    headers: never;
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    HealthController_root: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description the web console (absent when TROVE_UI_ENABLED=false)
                         * @constant
                         */
                        console?: "/ui/";
                        /**
                         * @description the API reference (Swagger UI); its document is /openapi.json
                         * @constant
                         */
                        docs: "/docs";
                        /** @constant */
                        mcp: "/mcp";
                        /** @constant */
                        name: "trove";
                        /** @constant */
                        openapi: "/openapi.json";
                        version: string;
                    };
                };
            };
            /** @description Malformed request (JSON that does not parse; under /api/v1, a body that fails validation) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not visible to this key */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unsupported content type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A field fails validation; the detail names it */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description An unexpected failure, logged with its reason; the answer says no more (no input should cause one) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description An embedding endpoint or an LLM failed; the detail quotes it */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is unavailable or busy (Retry-After) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    ApiKeysController_list: {
        parameters: {
            query?: {
                /** @description The page after this cursor (`page_info.after`: an id) */
                after?: string;
                /** @description The page before this cursor (`page_info.before`: an id); not with `after` */
                before?: string;
                /** @description Filters as `field$op=value` (`field=value` means `$eq`; `$in` takes comma-separated values), at most 20, all of which must hold. Fields and operators: `name` (eq, ne, contains, startswith, endswith), `admin` (eq). */
                filters?: {
                    [key: string]: string;
                };
                /** @description Items per page */
                limit?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            admin: boolean;
                            /** @description ISO 8601 */
                            created_at: string;
                            disabled: boolean;
                            grants: {
                                classifications: "*" | string[];
                                permissions: number;
                                /** @description a pipeline id or "*" */
                                pipeline_id: string;
                            }[];
                            /** @description a UUID */
                            id: string;
                            name: string;
                            scopes: string[];
                            /** @description ISO 8601 */
                            updated_at: string;
                        }[];
                        page_info: {
                            after: string | null;
                            before: string | null;
                            count: number;
                            has_next: boolean;
                            has_prev: boolean;
                            /** @description with `total=true` (lists that count): every item the filters match, on every page */
                            total?: number;
                        };
                        query_info: unknown[];
                    };
                };
            };
            /** @description Malformed request (JSON that does not parse; under /api/v1, a body that fails validation) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No key, or a key that is unknown, disabled or has the wrong secret */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The key may not do this (a permission bit, admin, a scope, a classification) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not visible to this key */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unsupported content type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A field fails validation; the detail names it */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many failed authentications (Retry-After) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description An unexpected failure, logged with its reason; the answer says no more (no input should cause one) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description An embedding endpoint or an LLM failed; the detail quotes it */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is unavailable or busy (Retry-After) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    ApiKeysController_create: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @default false */
                    admin?: boolean;
                    grants?: {
                        /** @default * */
                        classifications?: "*" | string[];
                        permissions: number;
                        pipeline_id: string;
                    }[];
                    name: string;
                    scopes?: ("agent:read" | "agent:write" | "agent:execute")[];
                };
            };
        };
        responses: {
            /** @description Success */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        admin: boolean;
                        /** @description ISO 8601 */
                        created_at: string;
                        disabled: boolean;
                        grants: {
                            classifications: "*" | string[];
                            permissions: number;
                            /** @description a pipeline id or "*" */
                            pipeline_id: string;
                        }[];
                        /** @description a UUID */
                        id: string;
                        name: string;
                        scopes: string[];
                        secret: string;
                        /** @description ISO 8601 */
                        updated_at: string;
                    };
                };
            };
            /** @description Malformed request (JSON that does not parse; under /api/v1, a body that fails validation) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No key, or a key that is unknown, disabled or has the wrong secret */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The key may not do this (a permission bit, admin, a scope, a classification) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not visible to this key */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unsupported content type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A field fails validation; the detail names it */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many failed authentications (Retry-After) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description An unexpected failure, logged with its reason; the answer says no more (no input should cause one) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description An embedding endpoint or an LLM failed; the detail quotes it */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is unavailable or busy (Retry-After) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    ApiKeysController_get: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        admin: boolean;
                        /** @description ISO 8601 */
                        created_at: string;
                        disabled: boolean;
                        grants: {
                            classifications: "*" | string[];
                            permissions: number;
                            /** @description a pipeline id or "*" */
                            pipeline_id: string;
                        }[];
                        /** @description a UUID */
                        id: string;
                        name: string;
                        scopes: string[];
                        /** @description ISO 8601 */
                        updated_at: string;
                    };
                };
            };
            /** @description Malformed request (JSON that does not parse; under /api/v1, a body that fails validation) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No key, or a key that is unknown, disabled or has the wrong secret */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The key may not do this (a permission bit, admin, a scope, a classification) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not visible to this key */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unsupported content type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A field fails validation; the detail names it */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many failed authentications (Retry-After) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description An unexpected failure, logged with its reason; the answer says no more (no input should cause one) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description An embedding endpoint or an LLM failed; the detail quotes it */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is unavailable or busy (Retry-After) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    ApiKeysController_delete: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success, no body */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Malformed request (JSON that does not parse; under /api/v1, a body that fails validation) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No key, or a key that is unknown, disabled or has the wrong secret */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The key may not do this (a permission bit, admin, a scope, a classification) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not visible to this key */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unsupported content type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A field fails validation; the detail names it */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many failed authentications (Retry-After) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description An unexpected failure, logged with its reason; the answer says no more (no input should cause one) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description An embedding endpoint or an LLM failed; the detail quotes it */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is unavailable or busy (Retry-After) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    ApiKeysController_update: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    admin?: boolean;
                    disabled?: boolean;
                    grants?: {
                        /** @default * */
                        classifications?: "*" | string[];
                        permissions: number;
                        pipeline_id: string;
                    }[];
                    name?: string;
                    scopes?: ("agent:read" | "agent:write" | "agent:execute")[];
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        admin: boolean;
                        /** @description ISO 8601 */
                        created_at: string;
                        disabled: boolean;
                        grants: {
                            classifications: "*" | string[];
                            permissions: number;
                            /** @description a pipeline id or "*" */
                            pipeline_id: string;
                        }[];
                        /** @description a UUID */
                        id: string;
                        name: string;
                        scopes: string[];
                        /** @description ISO 8601 */
                        updated_at: string;
                    };
                };
            };
            /** @description Malformed request (JSON that does not parse; under /api/v1, a body that fails validation) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No key, or a key that is unknown, disabled or has the wrong secret */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The key may not do this (a permission bit, admin, a scope, a classification) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not visible to this key */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unsupported content type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A field fails validation; the detail names it */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many failed authentications (Retry-After) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description An unexpected failure, logged with its reason; the answer says no more (no input should cause one) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description An embedding endpoint or an LLM failed; the detail quotes it */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is unavailable or busy (Retry-After) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    ApiKeysController_rotate: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        admin: boolean;
                        /** @description ISO 8601 */
                        created_at: string;
                        disabled: boolean;
                        grants: {
                            classifications: "*" | string[];
                            permissions: number;
                            /** @description a pipeline id or "*" */
                            pipeline_id: string;
                        }[];
                        /** @description a UUID */
                        id: string;
                        name: string;
                        scopes: string[];
                        secret: string;
                        /** @description ISO 8601 */
                        updated_at: string;
                    };
                };
            };
            /** @description Malformed request (JSON that does not parse; under /api/v1, a body that fails validation) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No key, or a key that is unknown, disabled or has the wrong secret */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The key may not do this (a permission bit, admin, a scope, a classification) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not visible to this key */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unsupported content type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A field fails validation; the detail names it */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many failed authentications (Retry-After) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description An unexpected failure, logged with its reason; the answer says no more (no input should cause one) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description An embedding endpoint or an LLM failed; the detail quotes it */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is unavailable or busy (Retry-After) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    KeyTokensController_list: {
        parameters: {
            query?: {
                /** @description The page after this cursor (`page_info.after`: an id) */
                after?: string;
                /** @description The page before this cursor (`page_info.before`: an id); not with `after` */
                before?: string;
                /** @description Items per page */
                limit?: number;
            };
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            /** @description a UUID */
                            api_key_id: string;
                            /** @description ISO 8601 */
                            created_at: string;
                            /** @description ISO 8601 */
                            expires_at: string;
                            /** @description as minted; at use, also bounded by what the key holds then */
                            grants: {
                                classifications: "*" | string[];
                                permissions: number;
                                /** @description a pipeline id or "*" */
                                pipeline_id: string;
                            }[];
                            /** @description a UUID */
                            id: string;
                            name: string;
                            scopes: string[];
                        }[];
                        page_info: {
                            after: string | null;
                            before: string | null;
                            count: number;
                            has_next: boolean;
                            has_prev: boolean;
                            /** @description with `total=true` (lists that count): every item the filters match, on every page */
                            total?: number;
                        };
                        query_info: unknown[];
                    };
                };
            };
            /** @description Malformed request (JSON that does not parse; under /api/v1, a body that fails validation) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No key, or a key that is unknown, disabled or has the wrong secret */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The key may not do this (a permission bit, admin, a scope, a classification) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not visible to this key */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unsupported content type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A field fails validation; the detail names it */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many failed authentications (Retry-After) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description An unexpected failure, logged with its reason; the answer says no more (no input should cause one) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description An embedding endpoint or an LLM failed; the detail quotes it */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is unavailable or busy (Retry-After) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    KeyTokensController_mint: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @default 2592000 */
                    expires_in?: number;
                    grants: {
                        /** @default * */
                        classifications?: "*" | string[];
                        permissions: number;
                        pipeline_id: string;
                    }[];
                    name: string;
                    /** @default [] */
                    scopes?: ("agent:read" | "agent:write" | "agent:execute")[];
                };
            };
        };
        responses: {
            /** @description Success */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description a UUID */
                        api_key_id: string;
                        /** @description ISO 8601 */
                        created_at: string;
                        /** @description ISO 8601 */
                        expires_at: string;
                        /** @description as minted; at use, also bounded by what the key holds then */
                        grants: {
                            classifications: "*" | string[];
                            permissions: number;
                            /** @description a pipeline id or "*" */
                            pipeline_id: string;
                        }[];
                        /** @description a UUID */
                        id: string;
                        name: string;
                        scopes: string[];
                        /** @description trove_pat_…, shown only here */
                        token: string;
                    };
                };
            };
            /** @description Malformed request (JSON that does not parse; under /api/v1, a body that fails validation) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No key, or a key that is unknown, disabled or has the wrong secret */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The key may not do this (a permission bit, admin, a scope, a classification) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not visible to this key */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unsupported content type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A field fails validation; the detail names it */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many failed authentications (Retry-After) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description An unexpected failure, logged with its reason; the answer says no more (no input should cause one) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description An embedding endpoint or an LLM failed; the detail quotes it */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is unavailable or busy (Retry-After) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    KeyTokensController_revoke: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
                tokenId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success, no body */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Malformed request (JSON that does not parse; under /api/v1, a body that fails validation) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No key, or a key that is unknown, disabled or has the wrong secret */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The key may not do this (a permission bit, admin, a scope, a classification) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not visible to this key */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unsupported content type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A field fails validation; the detail names it */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many failed authentications (Retry-After) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description An unexpected failure, logged with its reason; the answer says no more (no input should cause one) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description An embedding endpoint or an LLM failed; the detail quotes it */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is unavailable or busy (Retry-After) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    ApiKeySelfController_me: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        admin: boolean;
                        /** @description ISO 8601 */
                        created_at: string;
                        disabled: boolean;
                        grants: {
                            classifications: "*" | string[];
                            permissions: number;
                            /** @description a pipeline id or "*" */
                            pipeline_id: string;
                        }[];
                        /** @description a UUID */
                        id: string;
                        name: string;
                        scopes: string[];
                        /** @description ISO 8601 */
                        updated_at: string;
                    };
                };
            };
            /** @description Malformed request (JSON that does not parse; under /api/v1, a body that fails validation) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No key, or a key that is unknown, disabled or has the wrong secret */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The key may not do this (a permission bit, admin, a scope, a classification) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not visible to this key */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unsupported content type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A field fails validation; the detail names it */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many failed authentications (Retry-After) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description An unexpected failure, logged with its reason; the answer says no more (no input should cause one) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description An embedding endpoint or an LLM failed; the detail quotes it */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is unavailable or busy (Retry-After) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    OwnTokensController_list: {
        parameters: {
            query?: {
                /** @description The page after this cursor (`page_info.after`: an id) */
                after?: string;
                /** @description The page before this cursor (`page_info.before`: an id); not with `after` */
                before?: string;
                /** @description Items per page */
                limit?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            /** @description a UUID */
                            api_key_id: string;
                            /** @description ISO 8601 */
                            created_at: string;
                            /** @description ISO 8601 */
                            expires_at: string;
                            /** @description as minted; at use, also bounded by what the key holds then */
                            grants: {
                                classifications: "*" | string[];
                                permissions: number;
                                /** @description a pipeline id or "*" */
                                pipeline_id: string;
                            }[];
                            /** @description a UUID */
                            id: string;
                            name: string;
                            scopes: string[];
                        }[];
                        page_info: {
                            after: string | null;
                            before: string | null;
                            count: number;
                            has_next: boolean;
                            has_prev: boolean;
                            /** @description with `total=true` (lists that count): every item the filters match, on every page */
                            total?: number;
                        };
                        query_info: unknown[];
                    };
                };
            };
            /** @description Malformed request (JSON that does not parse; under /api/v1, a body that fails validation) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No key, or a key that is unknown, disabled or has the wrong secret */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The key may not do this (a permission bit, admin, a scope, a classification) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not visible to this key */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unsupported content type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A field fails validation; the detail names it */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many failed authentications (Retry-After) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description An unexpected failure, logged with its reason; the answer says no more (no input should cause one) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description An embedding endpoint or an LLM failed; the detail quotes it */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is unavailable or busy (Retry-After) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    OwnTokensController_mint: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @default 2592000 */
                    expires_in?: number;
                    grants: {
                        /** @default * */
                        classifications?: "*" | string[];
                        permissions: number;
                        pipeline_id: string;
                    }[];
                    name: string;
                    /** @default [] */
                    scopes?: ("agent:read" | "agent:write" | "agent:execute")[];
                };
            };
        };
        responses: {
            /** @description Success */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description a UUID */
                        api_key_id: string;
                        /** @description ISO 8601 */
                        created_at: string;
                        /** @description ISO 8601 */
                        expires_at: string;
                        /** @description as minted; at use, also bounded by what the key holds then */
                        grants: {
                            classifications: "*" | string[];
                            permissions: number;
                            /** @description a pipeline id or "*" */
                            pipeline_id: string;
                        }[];
                        /** @description a UUID */
                        id: string;
                        name: string;
                        scopes: string[];
                        /** @description trove_pat_…, shown only here */
                        token: string;
                    };
                };
            };
            /** @description Malformed request (JSON that does not parse; under /api/v1, a body that fails validation) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No key, or a key that is unknown, disabled or has the wrong secret */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The key may not do this (a permission bit, admin, a scope, a classification) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not visible to this key */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unsupported content type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A field fails validation; the detail names it */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many failed authentications (Retry-After) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description An unexpected failure, logged with its reason; the answer says no more (no input should cause one) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description An embedding endpoint or an LLM failed; the detail quotes it */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is unavailable or busy (Retry-After) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    OwnTokensController_revoke: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                tokenId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success, no body */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Malformed request (JSON that does not parse; under /api/v1, a body that fails validation) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No key, or a key that is unknown, disabled or has the wrong secret */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The key may not do this (a permission bit, admin, a scope, a classification) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not visible to this key */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unsupported content type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A field fails validation; the detail names it */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many failed authentications (Retry-After) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description An unexpected failure, logged with its reason; the answer says no more (no input should cause one) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description An embedding endpoint or an LLM failed; the detail quotes it */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is unavailable or busy (Retry-After) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    AgentsController_list: {
        parameters: {
            query?: {
                limit?: string;
                page?: string;
                search?: string;
                sort_by?: string;
                sort_order?: "asc" | "desc";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AgentListResponse"];
                };
            };
            /** @description Malformed request (JSON that does not parse; under /api/v1, a body that fails validation) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description No key, or a key that is unknown, disabled or has the wrong secret */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The key may not do this (a permission bit, admin, a scope, a classification) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not found, or not visible to this key */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Body too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Unsupported content type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description A field fails validation; the detail names it */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Too many failed authentications (Retry-After) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description An unexpected failure, logged with its reason; the answer says no more (no input should cause one) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description An embedding endpoint or an LLM failed; the detail quotes it */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The database is unavailable or busy (Retry-After) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    AgentsController_get: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                agentKey: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GetAgentResponse"];
                };
            };
            /** @description Malformed request (JSON that does not parse; under /api/v1, a body that fails validation) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description No key, or a key that is unknown, disabled or has the wrong secret */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The key may not do this (a permission bit, admin, a scope, a classification) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not found, or not visible to this key */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Body too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Unsupported content type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description A field fails validation; the detail names it */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Too many failed authentications (Retry-After) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description An unexpected failure, logged with its reason; the answer says no more (no input should cause one) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description An embedding endpoint or an LLM failed; the detail quotes it */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The database is unavailable or busy (Retry-After) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    AgentsController_update: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                agentKey: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["AgentUpdateRequest"];
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Agent updated successfully */
                        message: string;
                        /** @constant */
                        status: "success";
                    };
                };
            };
            /** @description Malformed request (JSON that does not parse; under /api/v1, a body that fails validation) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description No key, or a key that is unknown, disabled or has the wrong secret */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The key may not do this (a permission bit, admin, a scope, a classification) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not found, or not visible to this key */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Body too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Unsupported content type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description A field fails validation; the detail names it */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Too many failed authentications (Retry-After) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description An unexpected failure, logged with its reason; the answer says no more (no input should cause one) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description An embedding endpoint or an LLM failed; the detail quotes it */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The database is unavailable or busy (Retry-After) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    AgentsController_delete: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                agentKey: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        deleted: {
                            agents: number;
                            edges: number;
                            knowledge: number;
                            tools: number;
                            toolsets: number;
                        };
                        /** @description Agent deleted successfully */
                        message: string;
                        /** @constant */
                        status: "success";
                    };
                };
            };
            /** @description Malformed request (JSON that does not parse; under /api/v1, a body that fails validation) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description No key, or a key that is unknown, disabled or has the wrong secret */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The key may not do this (a permission bit, admin, a scope, a classification) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not found, or not visible to this key */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Body too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Unsupported content type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description A field fails validation; the detail names it */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Too many failed authentications (Retry-After) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description An unexpected failure, logged with its reason; the answer says no more (no input should cause one) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description An embedding endpoint or an LLM failed; the detail quotes it */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The database is unavailable or busy (Retry-After) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    ChatController_aguiRun: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                agentKey: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["AgUiRunAgentInput"];
            };
        };
        responses: {
            /** @description AG-UI events as Server-Sent Events: each event is `event: <type>` then one `data:` line, whose JSON is described here. The stream ends after one RUN_FINISHED or RUN_ERROR. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/event-stream": components["schemas"]["AguiEvent"];
                };
            };
            /** @description Malformed request (JSON that does not parse; under /api/v1, a body that fails validation) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description No key, or a key that is unknown, disabled or has the wrong secret */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The key may not do this (a permission bit, admin, a scope, a classification) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not found, or not visible to this key */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Body too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Unsupported content type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description A field fails validation; the detail names it */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Too many failed authentications (Retry-After) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description An unexpected failure, logged with its reason; the answer says no more (no input should cause one) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description An embedding endpoint or an LLM failed; the detail quotes it */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The database is unavailable or busy (Retry-After) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    ConversationsController_list: {
        parameters: {
            query?: {
                endDate?: string;
                isArchived?: "true" | "false";
                limit?: string;
                page?: string;
                projectId?: string;
                search?: string;
                sortBy?: string;
                sortOrder?: string;
                startDate?: string;
                status?: string;
            };
            header?: never;
            path: {
                agentKey: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AgentConversationListResponse"];
                };
            };
            /** @description Malformed request (JSON that does not parse; under /api/v1, a body that fails validation) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description No key, or a key that is unknown, disabled or has the wrong secret */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The key may not do this (a permission bit, admin, a scope, a classification) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not found, or not visible to this key */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Body too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Unsupported content type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description A field fails validation; the detail names it */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Too many failed authentications (Retry-After) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description An unexpected failure, logged with its reason; the answer says no more (no input should cause one) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description An embedding endpoint or an LLM failed; the detail quotes it */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The database is unavailable or busy (Retry-After) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    ChatController_create: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                agentKey: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["AgentCreateConversationRequest"];
            };
        };
        responses: {
            /** @description Success */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CreateAgentConversationResponse"];
                };
            };
            /** @description Malformed request (JSON that does not parse; under /api/v1, a body that fails validation) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description No key, or a key that is unknown, disabled or has the wrong secret */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The key may not do this (a permission bit, admin, a scope, a classification) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not found, or not visible to this key */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Body too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Unsupported content type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description A field fails validation; the detail names it */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The LLM cannot be used (a wrong key, an unknown model) */
            424: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Too many failed authentications (Retry-After) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The LLM failed to answer (an error or a timeout); the contract has no 502 */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description An embedding endpoint or an LLM failed; the detail quotes it */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The database is unavailable or busy (Retry-After) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    ConversationsController_detail: {
        parameters: {
            query?: {
                endDate?: string;
                limit?: string;
                messageType?: "user_query" | "bot_response" | "error" | "feedback" | "system";
                page?: string;
                sortBy?: "createdAt" | "messageType" | "content";
                sortOrder?: "asc" | "desc";
                startDate?: string;
            };
            header?: never;
            path: {
                agentKey: string;
                conversationId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AgentConversationDetailResponse"];
                };
            };
            /** @description Malformed request (JSON that does not parse; under /api/v1, a body that fails validation) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description No key, or a key that is unknown, disabled or has the wrong secret */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The key may not do this (a permission bit, admin, a scope, a classification) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not found, or not visible to this key */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Body too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Unsupported content type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description A field fails validation; the detail names it */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Too many failed authentications (Retry-After) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description An unexpected failure, logged with its reason; the answer says no more (no input should cause one) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description An embedding endpoint or an LLM failed; the detail quotes it */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The database is unavailable or busy (Retry-After) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    ConversationsController_delete: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                agentKey: string;
                conversationId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        conversation: components["schemas"]["StoredAgentConversation"] | null;
                        /** @constant */
                        message: "Conversation deleted successfully";
                    };
                };
            };
            /** @description Malformed request (JSON that does not parse; under /api/v1, a body that fails validation) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description No key, or a key that is unknown, disabled or has the wrong secret */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The key may not do this (a permission bit, admin, a scope, a classification) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not found, or not visible to this key */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Body too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Unsupported content type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description A field fails validation; the detail names it */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Too many failed authentications (Retry-After) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description An unexpected failure, logged with its reason; the answer says no more (no input should cause one) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description An embedding endpoint or an LLM failed; the detail quotes it */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The database is unavailable or busy (Retry-After) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    ConversationsController_archive: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                agentKey: string;
                conversationId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description ISO 8601
                         * @example 2026-12-01T09:30:00.000Z
                         */
                        archivedAt: string;
                        archivedBy: string;
                        /** @description an ObjectId (24 hex digits) */
                        id: string;
                        meta: {
                            /** @description milliseconds */
                            duration: number;
                            requestId: string;
                            /**
                             * @description ISO 8601
                             * @example 2026-12-01T09:30:00.000Z
                             */
                            timestamp: string;
                        };
                        /** @constant */
                        status: "archived";
                    };
                };
            };
            /** @description Malformed request (JSON that does not parse; under /api/v1, a body that fails validation) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description No key, or a key that is unknown, disabled or has the wrong secret */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The key may not do this (a permission bit, admin, a scope, a classification) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not found, or not visible to this key */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Body too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Unsupported content type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description A field fails validation; the detail names it */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Too many failed authentications (Retry-After) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description An unexpected failure, logged with its reason; the answer says no more (no input should cause one) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description An embedding endpoint or an LLM failed; the detail quotes it */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The database is unavailable or busy (Retry-After) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    ChatController_cancel: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                agentKey: string;
                conversationId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    runId: string;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        cancelled: boolean;
                    };
                };
            };
            /** @description Malformed request (JSON that does not parse; under /api/v1, a body that fails validation) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description No key, or a key that is unknown, disabled or has the wrong secret */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The key may not do this (a permission bit, admin, a scope, a classification) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not found, or not visible to this key */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Body too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Unsupported content type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description A field fails validation; the detail names it */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Too many failed authentications (Retry-After) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description An unexpected failure, logged with its reason; the answer says no more (no input should cause one) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description An embedding endpoint or an LLM failed; the detail quotes it */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The database is unavailable or busy (Retry-After) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    ConversationsController_feedback: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                agentKey: string;
                conversationId: string;
                messageId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["MessageFeedbackSubmitRequest"];
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description an ObjectId (24 hex digits) */
                        conversationId: string;
                        feedback: {
                            categories?: ("incorrect_information" | "missing_information" | "irrelevant_information" | "unclear_explanation" | "poor_citations" | "excellent_answer" | "helpful_citations" | "well_explained" | "other")[];
                            comments?: {
                                negative?: string;
                                positive?: string;
                            };
                            feedbackProvider: string;
                            isHelpful?: boolean;
                            metrics: {
                                timeToFeedback: number;
                                userAgent?: string;
                            };
                            /** @description epoch milliseconds */
                            timestamp: number;
                        };
                        /** @description an ObjectId (24 hex digits) */
                        messageId: string;
                        meta: {
                            /** @description milliseconds */
                            duration: number;
                            requestId: string;
                            /**
                             * @description ISO 8601
                             * @example 2026-12-01T09:30:00.000Z
                             */
                            timestamp: string;
                        };
                    };
                };
            };
            /** @description Malformed request (JSON that does not parse; under /api/v1, a body that fails validation) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description No key, or a key that is unknown, disabled or has the wrong secret */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The key may not do this (a permission bit, admin, a scope, a classification) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not found, or not visible to this key */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Body too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Unsupported content type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description A field fails validation; the detail names it */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Too many failed authentications (Retry-After) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description An unexpected failure, logged with its reason; the answer says no more (no input should cause one) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description An embedding endpoint or an LLM failed; the detail quotes it */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The database is unavailable or busy (Retry-After) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    ChatController_regenerate: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                agentKey: string;
                conversationId: string;
                messageId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["AgentRegenerateRequest"];
            };
        };
        responses: {
            /** @description AG-UI events as Server-Sent Events: each event is `event: <type>` then one `data:` line, whose JSON is described here. The stream ends after one RUN_FINISHED or RUN_ERROR. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/event-stream": components["schemas"]["AguiEvent"];
                };
            };
            /** @description Malformed request (JSON that does not parse; under /api/v1, a body that fails validation) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description No key, or a key that is unknown, disabled or has the wrong secret */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The key may not do this (a permission bit, admin, a scope, a classification) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not found, or not visible to this key */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Body too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Unsupported content type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description A field fails validation; the detail names it */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Too many failed authentications (Retry-After) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description An unexpected failure, logged with its reason; the answer says no more (no input should cause one) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description An embedding endpoint or an LLM failed; the detail quotes it */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The database is unavailable or busy (Retry-After) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    ChatController_add: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                agentKey: string;
                conversationId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["AgentAddMessageRequest"];
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AddMessageResponse"];
                };
            };
            /** @description Malformed request (JSON that does not parse; under /api/v1, a body that fails validation) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description No key, or a key that is unknown, disabled or has the wrong secret */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The key may not do this (a permission bit, admin, a scope, a classification) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not found, or not visible to this key */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Body too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Unsupported content type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description A field fails validation; the detail names it */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The LLM cannot be used (a wrong key, an unknown model) */
            424: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Too many failed authentications (Retry-After) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The LLM failed to answer (an error or a timeout); the contract has no 502 */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description An embedding endpoint or an LLM failed; the detail quotes it */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The database is unavailable or busy (Retry-After) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    ChatController_streamAdd: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                agentKey: string;
                conversationId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["AgentAddMessageStreamRequest"];
            };
        };
        responses: {
            /** @description AG-UI events as Server-Sent Events: each event is `event: <type>` then one `data:` line, whose JSON is described here. The stream ends after one RUN_FINISHED or RUN_ERROR. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/event-stream": components["schemas"]["AguiEvent"];
                };
            };
            /** @description Malformed request (JSON that does not parse; under /api/v1, a body that fails validation) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description No key, or a key that is unknown, disabled or has the wrong secret */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The key may not do this (a permission bit, admin, a scope, a classification) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not found, or not visible to this key */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Body too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Unsupported content type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description A field fails validation; the detail names it */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Too many failed authentications (Retry-After) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description An unexpected failure, logged with its reason; the answer says no more (no input should cause one) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description An embedding endpoint or an LLM failed; the detail quotes it */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The database is unavailable or busy (Retry-After) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    ConversationsController_project: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                agentKey: string;
                conversationId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    projectId: string | null;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description an ObjectId (24 hex digits) */
                        conversationId: string;
                        projectId: string | null;
                        projectVisibility: ("private" | "project") | null;
                    };
                };
            };
            /** @description Malformed request (JSON that does not parse; under /api/v1, a body that fails validation) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description No key, or a key that is unknown, disabled or has the wrong secret */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The key may not do this (a permission bit, admin, a scope, a classification) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not found, or not visible to this key */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Body too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Unsupported content type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description A field fails validation; the detail names it */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Too many failed authentications (Retry-After) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description An unexpected failure, logged with its reason; the answer says no more (no input should cause one) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description An embedding endpoint or an LLM failed; the detail quotes it */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The database is unavailable or busy (Retry-After) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    ConversationsController_projectVisibility: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                agentKey: string;
                conversationId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @enum {string} */
                    visibility: "private" | "project";
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description an ObjectId (24 hex digits) */
                        conversationId: string;
                        /** @enum {string} */
                        projectVisibility: "private" | "project";
                    };
                };
            };
            /** @description Malformed request (JSON that does not parse; under /api/v1, a body that fails validation) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description No key, or a key that is unknown, disabled or has the wrong secret */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The key may not do this (a permission bit, admin, a scope, a classification) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not found, or not visible to this key */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Body too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Unsupported content type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description A field fails validation; the detail names it */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Too many failed authentications (Retry-After) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description An unexpected failure, logged with its reason; the answer says no more (no input should cause one) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description An embedding endpoint or an LLM failed; the detail quotes it */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The database is unavailable or busy (Retry-After) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    ConversationsController_title: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                agentKey: string;
                conversationId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ConversationTitleUpdateRequest"];
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        conversation: components["schemas"]["StoredAgentConversation"];
                        meta: {
                            /** @description milliseconds */
                            duration: number;
                            requestId: string;
                            /**
                             * @description ISO 8601
                             * @example 2026-12-01T09:30:00.000Z
                             */
                            timestamp: string;
                        };
                    };
                };
            };
            /** @description Malformed request (JSON that does not parse; under /api/v1, a body that fails validation) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description No key, or a key that is unknown, disabled or has the wrong secret */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The key may not do this (a permission bit, admin, a scope, a classification) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not found, or not visible to this key */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Body too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Unsupported content type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description A field fails validation; the detail names it */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Too many failed authentications (Retry-After) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description An unexpected failure, logged with its reason; the answer says no more (no input should cause one) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description An embedding endpoint or an LLM failed; the detail quotes it */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The database is unavailable or busy (Retry-After) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    ConversationsController_unarchive: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                agentKey: string;
                conversationId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description an ObjectId (24 hex digits) */
                        id: string;
                        meta: {
                            /** @description milliseconds */
                            duration: number;
                            requestId: string;
                            /**
                             * @description ISO 8601
                             * @example 2026-12-01T09:30:00.000Z
                             */
                            timestamp: string;
                        };
                        /** @constant */
                        status: "unarchived";
                        /**
                         * @description ISO 8601
                         * @example 2026-12-01T09:30:00.000Z
                         */
                        unarchivedAt: string;
                        unarchivedBy: string;
                    };
                };
            };
            /** @description Malformed request (JSON that does not parse; under /api/v1, a body that fails validation) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description No key, or a key that is unknown, disabled or has the wrong secret */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The key may not do this (a permission bit, admin, a scope, a classification) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not found, or not visible to this key */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Body too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Unsupported content type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description A field fails validation; the detail names it */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Too many failed authentications (Retry-After) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description An unexpected failure, logged with its reason; the answer says no more (no input should cause one) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description An embedding endpoint or an LLM failed; the detail quotes it */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The database is unavailable or busy (Retry-After) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    AttachmentsController_delete: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                agentKey: string;
                recordId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success, no body */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description A blank path parameter */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
            /** @description No key, or a key that is unknown, disabled or has the wrong secret */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The key may not do this (a permission bit, admin, a scope, a classification) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description No such attachment of this key (no body) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Body too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Unsupported content type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description A field fails validation; the detail names it */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Too many failed authentications (Retry-After) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description An unexpected failure, logged with its reason; the answer says no more (no input should cause one) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description An embedding endpoint or an LLM failed; the detail quotes it */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The database is unavailable or busy (Retry-After) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    AttachmentsController_upload: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                agentKey: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "multipart/form-data": {
                    /** @description the conversation the files are for */
                    conversationId?: string;
                    /** @description PDF, DOCX, XLSX, CSV, TSV, Markdown, plain text or JPEG/PNG */
                    files: string[];
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ChatAttachmentUploadResponse"];
                };
            };
            /** @description Malformed request (JSON that does not parse; under /api/v1, a body that fails validation) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description No key, or a key that is unknown, disabled or has the wrong secret */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The key may not do this (a permission bit, admin, a scope, a classification) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not found, or not visible to this key */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Body too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Unsupported content type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description A field fails validation; the detail names it */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Too many failed authentications (Retry-After) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description An unexpected failure, logged with its reason; the answer says no more (no input should cause one) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description An embedding endpoint or an LLM failed; the detail quotes it */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The database is unavailable or busy (Retry-After) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    ConversationsController_archives: {
        parameters: {
            query?: {
                endDate?: string;
                limit?: string;
                page?: string;
                search?: string;
                sortBy?: "createdAt" | "lastActivityAt" | "title";
                sortOrder?: "asc" | "desc";
                startDate?: string;
            };
            header?: never;
            path: {
                agentKey: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AgentArchivedConversationListResponse"];
                };
            };
            /** @description Malformed request (JSON that does not parse; under /api/v1, a body that fails validation) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description No key, or a key that is unknown, disabled or has the wrong secret */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The key may not do this (a permission bit, admin, a scope, a classification) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not found, or not visible to this key */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Body too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Unsupported content type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description A field fails validation; the detail names it */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Too many failed authentications (Retry-After) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description An unexpected failure, logged with its reason; the answer says no more (no input should cause one) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description An embedding endpoint or an LLM failed; the detail quotes it */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The database is unavailable or busy (Retry-After) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    ChatController_streamCreate: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                agentKey: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["AgentStreamCreateConversationRequest"];
            };
        };
        responses: {
            /** @description AG-UI events as Server-Sent Events: each event is `event: <type>` then one `data:` line, whose JSON is described here. The stream ends after one RUN_FINISHED or RUN_ERROR. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/event-stream": components["schemas"]["AguiEvent"];
                };
            };
            /** @description Malformed request (JSON that does not parse; under /api/v1, a body that fails validation) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description No key, or a key that is unknown, disabled or has the wrong secret */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The key may not do this (a permission bit, admin, a scope, a classification) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not found, or not visible to this key */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Body too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Unsupported content type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description A field fails validation; the detail names it */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Too many failed authentications (Retry-After) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description An unexpected failure, logged with its reason; the answer says no more (no input should cause one) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description An embedding endpoint or an LLM failed; the detail quotes it */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The database is unavailable or busy (Retry-After) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    ConversationsController_archiveGroups: {
        parameters: {
            query?: {
                agentLimit?: string;
                agentPage?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AgentArchivedGroupsResponse"];
                };
            };
            /** @description Malformed request (JSON that does not parse; under /api/v1, a body that fails validation) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description No key, or a key that is unknown, disabled or has the wrong secret */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The key may not do this (a permission bit, admin, a scope, a classification) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not found, or not visible to this key */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Body too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Unsupported content type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description A field fails validation; the detail names it */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Too many failed authentications (Retry-After) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description An unexpected failure, logged with its reason; the answer says no more (no input should cause one) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description An embedding endpoint or an LLM failed; the detail quotes it */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The database is unavailable or busy (Retry-After) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    AgentsController_create: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["AgentCreateRequest"];
            };
        };
        responses: {
            /** @description Success */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AgentCreateResponse"];
                };
            };
            /** @description Malformed request (JSON that does not parse; under /api/v1, a body that fails validation) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description No key, or a key that is unknown, disabled or has the wrong secret */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The key may not do this (a permission bit, admin, a scope, a classification) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not found, or not visible to this key */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Body too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Unsupported content type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description A field fails validation; the detail names it */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Too many failed authentications (Retry-After) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description An unexpected failure, logged with its reason; the answer says no more (no input should cause one) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description An embedding endpoint or an LLM failed; the detail quotes it */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The database is unavailable or busy (Retry-After) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    OpenApiController_docs: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The Swagger UI page */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description Malformed request (JSON that does not parse; under /api/v1, a body that fails validation) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not visible to this key */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unsupported content type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A field fails validation; the detail names it */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description An unexpected failure, logged with its reason; the answer says no more (no input should cause one) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description An embedding endpoint or an LLM failed; the detail quotes it */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is unavailable or busy (Retry-After) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    OpenApiController_asset: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                asset: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description JavaScript, CSS or PNG, as the name says */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "*/*": string;
                };
            };
            /** @description Malformed request (JSON that does not parse; under /api/v1, a body that fails validation) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not visible to this key */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unsupported content type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A field fails validation; the detail names it */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description An unexpected failure, logged with its reason; the answer says no more (no input should cause one) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description An embedding endpoint or an LLM failed; the detail quotes it */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is unavailable or busy (Retry-After) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    CatalogueController_listModels: {
        parameters: {
            query?: {
                /** @description The page after this cursor (`page_info.after`: an id) */
                after?: string;
                /** @description The page before this cursor (`page_info.before`: an id); not with `after` */
                before?: string;
                /** @description Filters as `field$op=value` (`field=value` means `$eq`; `$in` takes comma-separated values), at most 20, all of which must hold. Fields and operators: `name` (eq, ne, contains, startswith, endswith, in), `provider` (eq, ne, contains, startswith, endswith, in), `size` (eq). */
                filters?: {
                    [key: string]: string;
                };
                /** @description Items per page */
                limit?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            description: string | null;
                            /** @description a UUID */
                            id: string;
                            name: string;
                            /** @description the provider's parameters: an api_key shows as '***', and the endpoint's address (base_url) as '[endpoint]' to keys other than admin keys */
                            parameters: {
                                [key: string]: unknown;
                            };
                            provider: string;
                            size: number;
                        }[];
                        page_info: {
                            after: string | null;
                            before: string | null;
                            count: number;
                            has_next: boolean;
                            has_prev: boolean;
                            /** @description with `total=true` (lists that count): every item the filters match, on every page */
                            total?: number;
                        };
                        query_info: unknown[];
                    };
                };
            };
            /** @description Malformed request (JSON that does not parse; under /api/v1, a body that fails validation) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No key, or a key that is unknown, disabled or has the wrong secret */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The key may not do this (a permission bit, admin, a scope, a classification) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not visible to this key */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unsupported content type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A field fails validation; the detail names it */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many failed authentications (Retry-After) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description An unexpected failure, logged with its reason; the answer says no more (no input should cause one) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description An embedding endpoint or an LLM failed; the detail quotes it */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is unavailable or busy (Retry-After) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    CatalogueController_createModel: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    description?: string | null;
                    name: string;
                    /** @default {} */
                    parameters?: {
                        [key: string]: unknown;
                    };
                    provider: string;
                    size: number;
                };
            };
        };
        responses: {
            /** @description Success */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        description: string | null;
                        /** @description a UUID */
                        id: string;
                        name: string;
                        /** @description the provider's parameters: an api_key shows as '***', and the endpoint's address (base_url) as '[endpoint]' to keys other than admin keys */
                        parameters: {
                            [key: string]: unknown;
                        };
                        provider: string;
                        size: number;
                    };
                };
            };
            /** @description Malformed request (JSON that does not parse; under /api/v1, a body that fails validation) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No key, or a key that is unknown, disabled or has the wrong secret */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The key may not do this (a permission bit, admin, a scope, a classification) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not visible to this key */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unsupported content type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A field fails validation; the detail names it */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many failed authentications (Retry-After) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description An unexpected failure, logged with its reason; the answer says no more (no input should cause one) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description An embedding endpoint or an LLM failed; the detail quotes it */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is unavailable or busy (Retry-After) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    CatalogueController_getModel: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        description: string | null;
                        /** @description a UUID */
                        id: string;
                        name: string;
                        /** @description the provider's parameters: an api_key shows as '***', and the endpoint's address (base_url) as '[endpoint]' to keys other than admin keys */
                        parameters: {
                            [key: string]: unknown;
                        };
                        provider: string;
                        size: number;
                    };
                };
            };
            /** @description Malformed request (JSON that does not parse; under /api/v1, a body that fails validation) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No key, or a key that is unknown, disabled or has the wrong secret */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The key may not do this (a permission bit, admin, a scope, a classification) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not visible to this key */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unsupported content type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A field fails validation; the detail names it */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many failed authentications (Retry-After) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description An unexpected failure, logged with its reason; the answer says no more (no input should cause one) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description An embedding endpoint or an LLM failed; the detail quotes it */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is unavailable or busy (Retry-After) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    CatalogueController_deleteModel: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success, no body */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Malformed request (JSON that does not parse; under /api/v1, a body that fails validation) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No key, or a key that is unknown, disabled or has the wrong secret */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The key may not do this (a permission bit, admin, a scope, a classification) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not visible to this key */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Pipelines use it */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unsupported content type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A field fails validation; the detail names it */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many failed authentications (Retry-After) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description An unexpected failure, logged with its reason; the answer says no more (no input should cause one) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description An embedding endpoint or an LLM failed; the detail quotes it */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is unavailable or busy (Retry-After) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    CatalogueController_testModel: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description of the vector returned; null when it failed */
                        dimension: number | null;
                        error: string | null;
                        /** @description a UUID */
                        id: string;
                        latency_ms: number;
                        ok: boolean;
                        /** @description as registered */
                        size: number;
                    };
                };
            };
            /** @description Malformed request (JSON that does not parse; under /api/v1, a body that fails validation) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No key, or a key that is unknown, disabled or has the wrong secret */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The key may not do this (a permission bit, admin, a scope, a classification) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not visible to this key */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unsupported content type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A field fails validation; the detail names it */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many failed authentications (Retry-After) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description An unexpected failure, logged with its reason; the answer says no more (no input should cause one) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description An embedding endpoint or an LLM failed; the detail quotes it */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is unavailable or busy (Retry-After) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    CatalogueController_listProviders: {
        parameters: {
            query?: {
                /** @description The page after this cursor (`page_info.after`: an id) */
                after?: string;
                /** @description The page before this cursor (`page_info.before`: an id); not with `after` */
                before?: string;
                /** @description Filters as `field$op=value` (`field=value` means `$eq`; `$in` takes comma-separated values), at most 20, all of which must hold. Fields and operators: `provider` (eq, ne, contains, startswith, endswith, in). */
                filters?: {
                    [key: string]: string;
                };
                /** @description Items per page */
                limit?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            description: string;
                            /** @description a UUID */
                            id: string;
                            provider: string;
                        }[];
                        page_info: {
                            after: string | null;
                            before: string | null;
                            count: number;
                            has_next: boolean;
                            has_prev: boolean;
                            /** @description with `total=true` (lists that count): every item the filters match, on every page */
                            total?: number;
                        };
                        query_info: unknown[];
                    };
                };
            };
            /** @description Malformed request (JSON that does not parse; under /api/v1, a body that fails validation) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No key, or a key that is unknown, disabled or has the wrong secret */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The key may not do this (a permission bit, admin, a scope, a classification) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not visible to this key */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unsupported content type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A field fails validation; the detail names it */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many failed authentications (Retry-After) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description An unexpected failure, logged with its reason; the answer says no more (no input should cause one) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description An embedding endpoint or an LLM failed; the detail quotes it */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is unavailable or busy (Retry-After) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    HealthController_healthz: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        checks?: {
                            [key: string]: string;
                        };
                        status: string;
                    };
                };
            };
            /** @description Malformed request (JSON that does not parse; under /api/v1, a body that fails validation) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not visible to this key */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unsupported content type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A field fails validation; the detail names it */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description An unexpected failure, logged with its reason; the answer says no more (no input should cause one) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description An embedding endpoint or an LLM failed; the detail quotes it */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The embedded database stopped */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        checks?: {
                            [key: string]: string;
                        };
                        status: string;
                    };
                };
            };
        };
    };
    JobsController_list: {
        parameters: {
            query?: {
                /** @description The page after this cursor (`page_info.after`: an id) */
                after?: string;
                /** @description The page before this cursor (`page_info.before`: an id); not with `after` */
                before?: string;
                /** @description Filters as `field$op=value` (`field=value` means `$eq`; `$in` takes comma-separated values), at most 20, all of which must hold. Fields and operators: `state` (eq, ne, in), `pipeline_id` (eq, in), `kind` (eq). */
                filters?: {
                    [key: string]: string;
                };
                /** @description Items per page */
                limit?: number;
                /** @description `asc`: oldest first; `desc`: newest first, `after` leading further back in time */
                order?: "asc" | "desc";
                /** @description `true`: `page_info.total` counts every item the filters match, on every page */
                total?: "true" | "false";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            attempts: number;
                            /** @description ISO 8601 */
                            created_at: string;
                            documents: {
                                fragment_count: number;
                                /** @description a UUID */
                                id: string;
                                index: number;
                                version: number;
                            }[];
                            errors: {
                                detail: string;
                                external_id: string | null;
                                index: number;
                            }[];
                            failed: number;
                            finished_at: string | null;
                            /** @description a UUID */
                            id: string;
                            /** @enum {string} */
                            kind: "ingest" | "reindex" | "evaluation";
                            /** @description a UUID */
                            pipeline_id: string;
                            processed: number;
                            /** @enum {string} */
                            state: "queued" | "running" | "succeeded" | "failed";
                            total: number;
                            /** @description ISO 8601 */
                            updated_at: string;
                        }[];
                        page_info: {
                            after: string | null;
                            before: string | null;
                            count: number;
                            has_next: boolean;
                            has_prev: boolean;
                            /** @description with `total=true` (lists that count): every item the filters match, on every page */
                            total?: number;
                        };
                        query_info: unknown[];
                    };
                };
            };
            /** @description Malformed request (JSON that does not parse; under /api/v1, a body that fails validation) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No key, or a key that is unknown, disabled or has the wrong secret */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The key may not do this (a permission bit, admin, a scope, a classification) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not visible to this key */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unsupported content type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A field fails validation; the detail names it */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many failed authentications (Retry-After) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description An unexpected failure, logged with its reason; the answer says no more (no input should cause one) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description An embedding endpoint or an LLM failed; the detail quotes it */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is unavailable or busy (Retry-After) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    JobsController_get: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        attempts: number;
                        /** @description ISO 8601 */
                        created_at: string;
                        documents: {
                            fragment_count: number;
                            /** @description a UUID */
                            id: string;
                            index: number;
                            version: number;
                        }[];
                        errors: {
                            detail: string;
                            external_id: string | null;
                            index: number;
                        }[];
                        failed: number;
                        finished_at: string | null;
                        /** @description a UUID */
                        id: string;
                        /** @enum {string} */
                        kind: "ingest" | "reindex" | "evaluation";
                        /** @description a UUID */
                        pipeline_id: string;
                        processed: number;
                        /** @enum {string} */
                        state: "queued" | "running" | "succeeded" | "failed";
                        total: number;
                        /** @description ISO 8601 */
                        updated_at: string;
                    };
                };
            };
            /** @description Malformed request (JSON that does not parse; under /api/v1, a body that fails validation) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No key, or a key that is unknown, disabled or has the wrong secret */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The key may not do this (a permission bit, admin, a scope, a classification) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not visible to this key */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unsupported content type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A field fails validation; the detail names it */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many failed authentications (Retry-After) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description An unexpected failure, logged with its reason; the answer says no more (no input should cause one) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description An embedding endpoint or an LLM failed; the detail quotes it */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is unavailable or busy (Retry-After) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    LlmsController_list: {
        parameters: {
            query?: {
                /** @description The page after this cursor (`page_info.after`: an id) */
                after?: string;
                /** @description The page before this cursor (`page_info.before`: an id); not with `after` */
                before?: string;
                /** @description Filters as `field$op=value` (`field=value` means `$eq`; `$in` takes comma-separated values), at most 20, all of which must hold. Fields and operators: `name` (eq, ne, contains, startswith, endswith, in), `provider` (eq, ne, contains, startswith, endswith, in). */
                filters?: {
                    [key: string]: string;
                };
                /** @description Items per page */
                limit?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            context_window: number | null;
                            /** @description ISO 8601 */
                            created_at: string;
                            description: string | null;
                            /** @description the base URL (null: none); '[endpoint]' for keys other than admin keys */
                            endpoint: string | null;
                            has_api_key: boolean;
                            /** @description a UUID */
                            id: string;
                            is_default: boolean;
                            is_reasoning: boolean;
                            model: string | null;
                            name: string;
                            parameters: {
                                [key: string]: unknown;
                            };
                            provider: string;
                            /** @description ISO 8601 */
                            updated_at: string;
                        }[];
                        page_info: {
                            after: string | null;
                            before: string | null;
                            count: number;
                            has_next: boolean;
                            has_prev: boolean;
                            /** @description with `total=true` (lists that count): every item the filters match, on every page */
                            total?: number;
                        };
                        query_info: unknown[];
                    };
                };
            };
            /** @description Malformed request (JSON that does not parse; under /api/v1, a body that fails validation) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No key, or a key that is unknown, disabled or has the wrong secret */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The key may not do this (a permission bit, admin, a scope, a classification) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not visible to this key */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unsupported content type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A field fails validation; the detail names it */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many failed authentications (Retry-After) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description An unexpected failure, logged with its reason; the answer says no more (no input should cause one) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description An embedding endpoint or an LLM failed; the detail quotes it */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is unavailable or busy (Retry-After) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    LlmsController_create: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    api_key?: string | null;
                    context_window?: number | null;
                    description?: string | null;
                    endpoint?: string | null;
                    /** @default false */
                    is_default?: boolean;
                    /** @default false */
                    is_reasoning?: boolean;
                    model?: string | null;
                    name: string;
                    /** @default {} */
                    parameters?: {
                        [key: string]: unknown;
                    };
                    /** @enum {string} */
                    provider: "openai" | "extractive";
                };
            };
        };
        responses: {
            /** @description Success */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        context_window: number | null;
                        /** @description ISO 8601 */
                        created_at: string;
                        description: string | null;
                        /** @description the base URL (null: none); '[endpoint]' for keys other than admin keys */
                        endpoint: string | null;
                        has_api_key: boolean;
                        /** @description a UUID */
                        id: string;
                        is_default: boolean;
                        is_reasoning: boolean;
                        model: string | null;
                        name: string;
                        parameters: {
                            [key: string]: unknown;
                        };
                        provider: string;
                        /** @description ISO 8601 */
                        updated_at: string;
                    };
                };
            };
            /** @description Malformed request (JSON that does not parse; under /api/v1, a body that fails validation) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No key, or a key that is unknown, disabled or has the wrong secret */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The key may not do this (a permission bit, admin, a scope, a classification) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not visible to this key */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description An LLM with this name exists */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unsupported content type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A field fails validation; the detail names it */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many failed authentications (Retry-After) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description An unexpected failure, logged with its reason; the answer says no more (no input should cause one) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description An embedding endpoint or an LLM failed; the detail quotes it */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is unavailable or busy (Retry-After) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    LlmsController_get: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        context_window: number | null;
                        /** @description ISO 8601 */
                        created_at: string;
                        description: string | null;
                        /** @description the base URL (null: none); '[endpoint]' for keys other than admin keys */
                        endpoint: string | null;
                        has_api_key: boolean;
                        /** @description a UUID */
                        id: string;
                        is_default: boolean;
                        is_reasoning: boolean;
                        model: string | null;
                        name: string;
                        parameters: {
                            [key: string]: unknown;
                        };
                        provider: string;
                        /** @description ISO 8601 */
                        updated_at: string;
                    };
                };
            };
            /** @description Malformed request (JSON that does not parse; under /api/v1, a body that fails validation) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No key, or a key that is unknown, disabled or has the wrong secret */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The key may not do this (a permission bit, admin, a scope, a classification) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not visible to this key */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unsupported content type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A field fails validation; the detail names it */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many failed authentications (Retry-After) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description An unexpected failure, logged with its reason; the answer says no more (no input should cause one) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description An embedding endpoint or an LLM failed; the detail quotes it */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is unavailable or busy (Retry-After) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    LlmsController_delete: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success, no body */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Malformed request (JSON that does not parse; under /api/v1, a body that fails validation) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No key, or a key that is unknown, disabled or has the wrong secret */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The key may not do this (a permission bit, admin, a scope, a classification) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not visible to this key */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unsupported content type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A field fails validation; the detail names it */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many failed authentications (Retry-After) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description An unexpected failure, logged with its reason; the answer says no more (no input should cause one) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description An embedding endpoint or an LLM failed; the detail quotes it */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is unavailable or busy (Retry-After) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    LlmsController_update: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    api_key?: string | null;
                    context_window?: number | null;
                    description?: string | null;
                    endpoint?: string | null;
                    is_default?: boolean;
                    is_reasoning?: boolean;
                    model?: string | null;
                    name?: string;
                    parameters?: {
                        [key: string]: unknown;
                    };
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        context_window: number | null;
                        /** @description ISO 8601 */
                        created_at: string;
                        description: string | null;
                        /** @description the base URL (null: none); '[endpoint]' for keys other than admin keys */
                        endpoint: string | null;
                        has_api_key: boolean;
                        /** @description a UUID */
                        id: string;
                        is_default: boolean;
                        is_reasoning: boolean;
                        model: string | null;
                        name: string;
                        parameters: {
                            [key: string]: unknown;
                        };
                        provider: string;
                        /** @description ISO 8601 */
                        updated_at: string;
                    };
                };
            };
            /** @description Malformed request (JSON that does not parse; under /api/v1, a body that fails validation) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No key, or a key that is unknown, disabled or has the wrong secret */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The key may not do this (a permission bit, admin, a scope, a classification) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not visible to this key */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description An LLM with this name exists, or another was made the default at the same moment */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unsupported content type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A field fails validation; the detail names it */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many failed authentications (Retry-After) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description An unexpected failure, logged with its reason; the answer says no more (no input should cause one) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description An embedding endpoint or an LLM failed; the detail quotes it */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is unavailable or busy (Retry-After) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    LlmsController_test: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description the beginning of the answer; null when it failed */
                        answer: string | null;
                        error: string | null;
                        /** @description a UUID */
                        id: string;
                        latency_ms: number;
                        ok: boolean;
                    };
                };
            };
            /** @description Malformed request (JSON that does not parse; under /api/v1, a body that fails validation) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No key, or a key that is unknown, disabled or has the wrong secret */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The key may not do this (a permission bit, admin, a scope, a classification) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not visible to this key */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unsupported content type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A field fails validation; the detail names it */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many failed authentications (Retry-After) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description An unexpected failure, logged with its reason; the answer says no more (no input should cause one) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description An embedding endpoint or an LLM failed; the detail quotes it */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is unavailable or busy (Retry-After) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    MetricsController_metrics: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The Prometheus text exposition format 0.0.4 */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/plain": string;
                };
            };
            /** @description Malformed request (JSON that does not parse; under /api/v1, a body that fails validation) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not visible to this key */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unsupported content type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A field fails validation; the detail names it */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description An unexpected failure, logged with its reason; the answer says no more (no input should cause one) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description An embedding endpoint or an LLM failed; the detail quotes it */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is unavailable or busy (Retry-After) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    OAuthClientsController_list: {
        parameters: {
            query?: {
                /** @description The page after this cursor (`page_info.after`: an id) */
                after?: string;
                /** @description The page before this cursor (`page_info.before`: an id); not with `after` */
                before?: string;
                /** @description Items per page */
                limit?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            /** @description a UUID */
                            client_id: string;
                            /** @description ISO 8601 */
                            created_at: string;
                            grant_types: "client_credentials"[];
                            /** @description what the client's tokens reach, read at every use */
                            grants: {
                                classifications: "*" | string[];
                                permissions: number;
                                /** @description a pipeline id or "*" */
                                pipeline_id: string;
                            }[];
                            name: string;
                            /** @description the agents API scopes the client may ask for */
                            scopes: string[];
                            token_endpoint_auth_methods: ("client_secret_basic" | "client_secret_post")[];
                            /** @description ISO 8601 */
                            updated_at: string;
                        }[];
                        page_info: {
                            after: string | null;
                            before: string | null;
                            count: number;
                            has_next: boolean;
                            has_prev: boolean;
                            /** @description with `total=true` (lists that count): every item the filters match, on every page */
                            total?: number;
                        };
                        query_info: unknown[];
                    };
                };
            };
            /** @description Malformed request (JSON that does not parse; under /api/v1, a body that fails validation) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No key, or a key that is unknown, disabled or has the wrong secret */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The key may not do this (a permission bit, admin, a scope, a classification) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not visible to this key */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unsupported content type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A field fails validation; the detail names it */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many failed authentications (Retry-After) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description An unexpected failure, logged with its reason; the answer says no more (no input should cause one) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description An embedding endpoint or an LLM failed; the detail quotes it */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is unavailable or busy (Retry-After) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    OAuthClientsController_create: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    grants: {
                        /** @default * */
                        classifications?: "*" | string[];
                        permissions: number;
                        pipeline_id: string;
                    }[];
                    name: string;
                    /** @default [] */
                    scopes?: ("agent:read" | "agent:write" | "agent:execute")[];
                };
            };
        };
        responses: {
            /** @description Success */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description a UUID */
                        client_id: string;
                        /** @description trove_cs_…, shown only here */
                        client_secret: string;
                        /** @description ISO 8601 */
                        created_at: string;
                        grant_types: "client_credentials"[];
                        /** @description what the client's tokens reach, read at every use */
                        grants: {
                            classifications: "*" | string[];
                            permissions: number;
                            /** @description a pipeline id or "*" */
                            pipeline_id: string;
                        }[];
                        name: string;
                        /** @description the agents API scopes the client may ask for */
                        scopes: string[];
                        token_endpoint_auth_methods: ("client_secret_basic" | "client_secret_post")[];
                        /** @description ISO 8601 */
                        updated_at: string;
                    };
                };
            };
            /** @description Malformed request (JSON that does not parse; under /api/v1, a body that fails validation) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No key, or a key that is unknown, disabled or has the wrong secret */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The key may not do this (a permission bit, admin, a scope, a classification) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not visible to this key */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unsupported content type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A field fails validation; the detail names it */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many failed authentications (Retry-After) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description An unexpected failure, logged with its reason; the answer says no more (no input should cause one) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description An embedding endpoint or an LLM failed; the detail quotes it */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is unavailable or busy (Retry-After) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    OAuthClientsController_get: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description a UUID */
                        client_id: string;
                        /** @description ISO 8601 */
                        created_at: string;
                        grant_types: "client_credentials"[];
                        /** @description what the client's tokens reach, read at every use */
                        grants: {
                            classifications: "*" | string[];
                            permissions: number;
                            /** @description a pipeline id or "*" */
                            pipeline_id: string;
                        }[];
                        name: string;
                        /** @description the agents API scopes the client may ask for */
                        scopes: string[];
                        token_endpoint_auth_methods: ("client_secret_basic" | "client_secret_post")[];
                        /** @description ISO 8601 */
                        updated_at: string;
                    };
                };
            };
            /** @description Malformed request (JSON that does not parse; under /api/v1, a body that fails validation) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No key, or a key that is unknown, disabled or has the wrong secret */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The key may not do this (a permission bit, admin, a scope, a classification) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not visible to this key */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unsupported content type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A field fails validation; the detail names it */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many failed authentications (Retry-After) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description An unexpected failure, logged with its reason; the answer says no more (no input should cause one) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description An embedding endpoint or an LLM failed; the detail quotes it */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is unavailable or busy (Retry-After) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    OAuthClientsController_delete: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success, no body */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Malformed request (JSON that does not parse; under /api/v1, a body that fails validation) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No key, or a key that is unknown, disabled or has the wrong secret */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The key may not do this (a permission bit, admin, a scope, a classification) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not visible to this key */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unsupported content type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A field fails validation; the detail names it */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many failed authentications (Retry-After) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description An unexpected failure, logged with its reason; the answer says no more (no input should cause one) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description An embedding endpoint or an LLM failed; the detail quotes it */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is unavailable or busy (Retry-After) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    OAuthClientsController_update: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    grants?: {
                        /** @default * */
                        classifications?: "*" | string[];
                        permissions: number;
                        pipeline_id: string;
                    }[];
                    name?: string;
                    scopes?: ("agent:read" | "agent:write" | "agent:execute")[];
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description a UUID */
                        client_id: string;
                        /** @description ISO 8601 */
                        created_at: string;
                        grant_types: "client_credentials"[];
                        /** @description what the client's tokens reach, read at every use */
                        grants: {
                            classifications: "*" | string[];
                            permissions: number;
                            /** @description a pipeline id or "*" */
                            pipeline_id: string;
                        }[];
                        name: string;
                        /** @description the agents API scopes the client may ask for */
                        scopes: string[];
                        token_endpoint_auth_methods: ("client_secret_basic" | "client_secret_post")[];
                        /** @description ISO 8601 */
                        updated_at: string;
                    };
                };
            };
            /** @description Malformed request (JSON that does not parse; under /api/v1, a body that fails validation) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No key, or a key that is unknown, disabled or has the wrong secret */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The key may not do this (a permission bit, admin, a scope, a classification) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not visible to this key */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unsupported content type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A field fails validation; the detail names it */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many failed authentications (Retry-After) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description An unexpected failure, logged with its reason; the answer says no more (no input should cause one) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description An embedding endpoint or an LLM failed; the detail quotes it */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is unavailable or busy (Retry-After) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    OAuthClientsController_rotate: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description a UUID */
                        client_id: string;
                        /** @description trove_cs_…, shown only here */
                        client_secret: string;
                        /** @description ISO 8601 */
                        created_at: string;
                        grant_types: "client_credentials"[];
                        /** @description what the client's tokens reach, read at every use */
                        grants: {
                            classifications: "*" | string[];
                            permissions: number;
                            /** @description a pipeline id or "*" */
                            pipeline_id: string;
                        }[];
                        name: string;
                        /** @description the agents API scopes the client may ask for */
                        scopes: string[];
                        token_endpoint_auth_methods: ("client_secret_basic" | "client_secret_post")[];
                        /** @description ISO 8601 */
                        updated_at: string;
                    };
                };
            };
            /** @description Malformed request (JSON that does not parse; under /api/v1, a body that fails validation) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No key, or a key that is unknown, disabled or has the wrong secret */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The key may not do this (a permission bit, admin, a scope, a classification) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not visible to this key */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unsupported content type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A field fails validation; the detail names it */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many failed authentications (Retry-After) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description An unexpected failure, logged with its reason; the answer says no more (no input should cause one) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description An embedding endpoint or an LLM failed; the detail quotes it */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is unavailable or busy (Retry-After) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    OpenApiController_openapi: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": Record<string, never>;
                };
            };
            /** @description Malformed request (JSON that does not parse; under /api/v1, a body that fails validation) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not visible to this key */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unsupported content type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A field fails validation; the detail names it */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description An unexpected failure, logged with its reason; the answer says no more (no input should cause one) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description An embedding endpoint or an LLM failed; the detail quotes it */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is unavailable or busy (Retry-After) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    PipelinesController_list: {
        parameters: {
            query?: {
                /** @description The page after this cursor (`page_info.after`: an id) */
                after?: string;
                /** @description The page before this cursor (`page_info.before`: an id); not with `after` */
                before?: string;
                /** @description Filters as `field$op=value` (`field=value` means `$eq`; `$in` takes comma-separated values), at most 20, all of which must hold. Fields and operators: `name` (eq, ne, contains, startswith, endswith, in), `description` (contains), `full_text_search` (eq). */
                filters?: {
                    [key: string]: string;
                };
                /** @description Items per page */
                limit?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            /** @description ISO 8601 */
                            created_at: string;
                            /** @description the reranker of the pipeline's agents and rag_search; null: none */
                            default_reranker_id: string | null;
                            /** @description a UUID */
                            default_text_splitter_id: string;
                            default_vector_embedding_id: string | null;
                            description: string | null;
                            /** @description by vector embedding id */
                            embedding_models: {
                                [key: string]: {
                                    description: string | null;
                                    /** @description a UUID */
                                    id: string;
                                    name: string;
                                    /** @description the provider's parameters: an api_key shows as '***', and the endpoint's address (base_url) as '[endpoint]' to keys other than admin keys */
                                    parameters: {
                                        [key: string]: unknown;
                                    };
                                    provider: string;
                                    size: number;
                                };
                            };
                            /** @description BM25's parameters */
                            full_text_bm25: {
                                b: number;
                                k1: number;
                            };
                            /** @description the text search configuration (stemming, stop words) */
                            full_text_language: string;
                            /**
                             * @description bm25: Okapi BM25, any of the query's words matches; ts_rank: every word must match
                             * @enum {string}
                             */
                            full_text_ranking: "bm25" | "ts_rank";
                            full_text_search: boolean;
                            /** @description a UUID */
                            id: string;
                            name: string;
                        }[];
                        page_info: {
                            after: string | null;
                            before: string | null;
                            count: number;
                            has_next: boolean;
                            has_prev: boolean;
                            /** @description with `total=true` (lists that count): every item the filters match, on every page */
                            total?: number;
                        };
                        query_info: unknown[];
                    };
                };
            };
            /** @description Malformed request (JSON that does not parse; under /api/v1, a body that fails validation) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No key, or a key that is unknown, disabled or has the wrong secret */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The key may not do this (a permission bit, admin, a scope, a classification) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not visible to this key */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unsupported content type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A field fails validation; the detail names it */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many failed authentications (Retry-After) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description An unexpected failure, logged with its reason; the answer says no more (no input should cause one) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description An embedding endpoint or an LLM failed; the detail quotes it */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is unavailable or busy (Retry-After) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    PipelinesController_create: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * @default [
                     *       "default"
                     *     ]
                     */
                    classifications?: string[];
                    /** @description the reranker the pipeline's agents and rag_search rerank with; null: none */
                    default_reranker_id?: string | null;
                    description?: string | null;
                    embedding_model_ids?: string[];
                    /**
                     * @description BM25's parameters
                     * @default {
                     *       "k1": 1.2,
                     *       "b": 0.75
                     *     }
                     */
                    full_text_bm25?: {
                        /**
                         * @description how much a long fragment is discounted (0: not at all, 1: fully; 0.75)
                         * @default 0.75
                         */
                        b?: number;
                        /**
                         * @description how quickly repeating a word stops adding to the score (1.2)
                         * @default 1.2
                         */
                        k1?: number;
                    };
                    /**
                     * @description the text search configuration: stemming and stop words (english, simple, german, ...)
                     * @default english
                     */
                    full_text_language?: string;
                    /**
                     * @description bm25 (Okapi BM25, any of the query's words matches) or ts_rank (every word must match)
                     * @default bm25
                     * @enum {string}
                     */
                    full_text_ranking?: "bm25" | "ts_rank";
                    /** @default true */
                    full_text_search?: boolean;
                    /**
                     * @description pairs [a, b]: a inherits b, so a hierarchical search of a also finds b (and what b inherits), and a key allowed a also reads b; b never finds a. With [internal, public], internal finds public, public finds only public
                     * @default []
                     */
                    hierarchy?: [
                        string,
                        string
                    ][];
                    name: string;
                    text_splitter_id?: string;
                };
            };
        };
        responses: {
            /** @description Success */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description ISO 8601 */
                        created_at: string;
                        /** @description the reranker of the pipeline's agents and rag_search; null: none */
                        default_reranker_id: string | null;
                        /** @description a UUID */
                        default_text_splitter_id: string;
                        default_vector_embedding_id: string | null;
                        description: string | null;
                        /** @description by vector embedding id */
                        embedding_models: {
                            [key: string]: {
                                description: string | null;
                                /** @description a UUID */
                                id: string;
                                name: string;
                                /** @description the provider's parameters: an api_key shows as '***', and the endpoint's address (base_url) as '[endpoint]' to keys other than admin keys */
                                parameters: {
                                    [key: string]: unknown;
                                };
                                provider: string;
                                size: number;
                            };
                        };
                        /** @description BM25's parameters */
                        full_text_bm25: {
                            b: number;
                            k1: number;
                        };
                        /** @description the text search configuration (stemming, stop words) */
                        full_text_language: string;
                        /**
                         * @description bm25: Okapi BM25, any of the query's words matches; ts_rank: every word must match
                         * @enum {string}
                         */
                        full_text_ranking: "bm25" | "ts_rank";
                        full_text_search: boolean;
                        /** @description a UUID */
                        id: string;
                        name: string;
                    };
                };
            };
            /** @description Malformed request (JSON that does not parse; under /api/v1, a body that fails validation) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No key, or a key that is unknown, disabled or has the wrong secret */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The key may not do this (a permission bit, admin, a scope, a classification) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not visible to this key */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A pipeline with this name exists */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unsupported content type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A field fails validation; the detail names it */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many failed authentications (Retry-After) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description An unexpected failure, logged with its reason; the answer says no more (no input should cause one) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description An embedding endpoint or an LLM failed; the detail quotes it */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is unavailable or busy (Retry-After) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    PipelinesController_get: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description ISO 8601 */
                        created_at: string;
                        /** @description the reranker of the pipeline's agents and rag_search; null: none */
                        default_reranker_id: string | null;
                        /** @description a UUID */
                        default_text_splitter_id: string;
                        default_vector_embedding_id: string | null;
                        description: string | null;
                        /** @description by vector embedding id */
                        embedding_models: {
                            [key: string]: {
                                description: string | null;
                                /** @description a UUID */
                                id: string;
                                name: string;
                                /** @description the provider's parameters: an api_key shows as '***', and the endpoint's address (base_url) as '[endpoint]' to keys other than admin keys */
                                parameters: {
                                    [key: string]: unknown;
                                };
                                provider: string;
                                size: number;
                            };
                        };
                        /** @description BM25's parameters */
                        full_text_bm25: {
                            b: number;
                            k1: number;
                        };
                        /** @description the text search configuration (stemming, stop words) */
                        full_text_language: string;
                        /**
                         * @description bm25: Okapi BM25, any of the query's words matches; ts_rank: every word must match
                         * @enum {string}
                         */
                        full_text_ranking: "bm25" | "ts_rank";
                        full_text_search: boolean;
                        /** @description a UUID */
                        id: string;
                        name: string;
                    };
                };
            };
            /** @description Malformed request (JSON that does not parse; under /api/v1, a body that fails validation) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No key, or a key that is unknown, disabled or has the wrong secret */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The key may not do this (a permission bit, admin, a scope, a classification) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not visible to this key */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unsupported content type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A field fails validation; the detail names it */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many failed authentications (Retry-After) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description An unexpected failure, logged with its reason; the answer says no more (no input should cause one) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description An embedding endpoint or an LLM failed; the detail quotes it */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is unavailable or busy (Retry-After) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    PipelinesController_delete: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success, no body */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Malformed request (JSON that does not parse; under /api/v1, a body that fails validation) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No key, or a key that is unknown, disabled or has the wrong secret */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The key may not do this (a permission bit, admin, a scope, a classification) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not visible to this key */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unsupported content type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A field fails validation; the detail names it */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many failed authentications (Retry-After) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description An unexpected failure, logged with its reason; the answer says no more (no input should cause one) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description An embedding endpoint or an LLM failed; the detail quotes it */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is unavailable or busy (Retry-After) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    PipelineEditController_update: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description the reranker the pipeline's agents and rag_search rerank with; null: none */
                    default_reranker_id?: string | null;
                    default_text_splitter_id?: string;
                    default_vector_embedding_id?: string;
                    description?: string | null;
                    embedding_model_ids?: string[];
                    /** @description BM25's parameters */
                    full_text_bm25?: {
                        /**
                         * @description how much a long fragment is discounted (0: not at all, 1: fully; 0.75)
                         * @default 0.75
                         */
                        b?: number;
                        /**
                         * @description how quickly repeating a word stops adding to the score (1.2)
                         * @default 1.2
                         */
                        k1?: number;
                    };
                    /** @description the text search configuration: stemming and stop words (english, simple, german, ...) */
                    full_text_language?: string;
                    /**
                     * @description bm25 (Okapi BM25, any of the query's words matches) or ts_rank (every word must match)
                     * @enum {string}
                     */
                    full_text_ranking?: "bm25" | "ts_rank";
                    full_text_search?: boolean;
                    name?: string;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description ISO 8601 */
                        created_at: string;
                        /** @description the reranker of the pipeline's agents and rag_search; null: none */
                        default_reranker_id: string | null;
                        /** @description a UUID */
                        default_text_splitter_id: string;
                        default_vector_embedding_id: string | null;
                        description: string | null;
                        /** @description by vector embedding id */
                        embedding_models: {
                            [key: string]: {
                                description: string | null;
                                /** @description a UUID */
                                id: string;
                                name: string;
                                /** @description the provider's parameters: an api_key shows as '***', and the endpoint's address (base_url) as '[endpoint]' to keys other than admin keys */
                                parameters: {
                                    [key: string]: unknown;
                                };
                                provider: string;
                                size: number;
                            };
                        };
                        /** @description BM25's parameters */
                        full_text_bm25: {
                            b: number;
                            k1: number;
                        };
                        /** @description the text search configuration (stemming, stop words) */
                        full_text_language: string;
                        /**
                         * @description bm25: Okapi BM25, any of the query's words matches; ts_rank: every word must match
                         * @enum {string}
                         */
                        full_text_ranking: "bm25" | "ts_rank";
                        full_text_search: boolean;
                        /** @description a UUID */
                        id: string;
                        name: string;
                    };
                };
            };
            /** @description Queued as a job */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        attempts: number;
                        /** @description ISO 8601 */
                        created_at: string;
                        documents: {
                            fragment_count: number;
                            /** @description a UUID */
                            id: string;
                            index: number;
                            version: number;
                        }[];
                        errors: {
                            detail: string;
                            external_id: string | null;
                            index: number;
                        }[];
                        failed: number;
                        finished_at: string | null;
                        /** @description a UUID */
                        id: string;
                        /** @enum {string} */
                        kind: "ingest" | "reindex" | "evaluation";
                        /** @description a UUID */
                        pipeline_id: string;
                        processed: number;
                        /** @enum {string} */
                        state: "queued" | "running" | "succeeded" | "failed";
                        total: number;
                        /** @description ISO 8601 */
                        updated_at: string;
                    };
                };
            };
            /** @description Malformed request (JSON that does not parse; under /api/v1, a body that fails validation) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No key, or a key that is unknown, disabled or has the wrong secret */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The key may not do this (a permission bit, admin, a scope, a classification) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not visible to this key */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A pipeline with this name exists, or a document is being embedded while the models change */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unsupported content type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A field fails validation; the detail names it */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many failed authentications (Retry-After) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description An unexpected failure, logged with its reason; the answer says no more (no input should cause one) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description An embedding endpoint or an LLM failed; the detail quotes it */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is unavailable or busy (Retry-After) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    PipelinesController_getClassifications: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        classifications: string[];
                        /** @description pairs [a, b]: a inherits b, so a hierarchical search of a also finds b (and what b inherits), and a key allowed a also reads b; b never finds a. With [internal, public], internal finds public, public finds only public */
                        hierarchy: [
                            string,
                            string
                        ][];
                    };
                };
            };
            /** @description Malformed request (JSON that does not parse; under /api/v1, a body that fails validation) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No key, or a key that is unknown, disabled or has the wrong secret */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The key may not do this (a permission bit, admin, a scope, a classification) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not visible to this key */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unsupported content type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A field fails validation; the detail names it */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many failed authentications (Retry-After) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description An unexpected failure, logged with its reason; the answer says no more (no input should cause one) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description An embedding endpoint or an LLM failed; the detail quotes it */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is unavailable or busy (Retry-After) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    PipelinesController_putClassifications: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    classifications: string[];
                    /**
                     * @description pairs [a, b]: a inherits b, so a hierarchical search of a also finds b (and what b inherits), and a key allowed a also reads b; b never finds a. With [internal, public], internal finds public, public finds only public
                     * @default []
                     */
                    hierarchy?: [
                        string,
                        string
                    ][];
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        classifications: string[];
                        /** @description pairs [a, b]: a inherits b, so a hierarchical search of a also finds b (and what b inherits), and a key allowed a also reads b; b never finds a. With [internal, public], internal finds public, public finds only public */
                        hierarchy: [
                            string,
                            string
                        ][];
                    };
                };
            };
            /** @description Malformed request (JSON that does not parse; under /api/v1, a body that fails validation) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No key, or a key that is unknown, disabled or has the wrong secret */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The key may not do this (a permission bit, admin, a scope, a classification) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not visible to this key */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A classification to remove is still used by live documents */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unsupported content type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A field fails validation; the detail names it */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many failed authentications (Retry-After) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description An unexpected failure, logged with its reason; the answer says no more (no input should cause one) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description An embedding endpoint or an LLM failed; the detail quotes it */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is unavailable or busy (Retry-After) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    DocumentsController_list: {
        parameters: {
            query?: {
                /** @description The page after this cursor (`page_info.after`: an id) */
                after?: string;
                /** @description The page before this cursor (`page_info.before`: an id); not with `after` */
                before?: string;
                /** @description Filters as `field$op=value` (`field=value` means `$eq`; `$in` takes comma-separated values), at most 20, all of which must hold. Fields and operators: `external_id` (eq, ne, contains, startswith, endswith, in), `classification` (eq, ne, in), `version` (eq, gt, gte, lt, lte), `expired` (eq). */
                filters?: {
                    [key: string]: string;
                };
                /** @description Items per page */
                limit?: number;
                /** @description `asc`: oldest first; `desc`: newest first, `after` leading further back in time */
                order?: "asc" | "desc";
                /** @description `true`: `page_info.total` counts every item the filters match, on every page */
                total?: "true" | "false";
            };
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            classification: string;
                            /** @description ISO 8601 */
                            created_at: string;
                            expired_at: string | null;
                            external_id: string | null;
                            fragment_count: number;
                            /** @description a UUID */
                            id: string;
                            metadata: {
                                [key: string]: unknown;
                            };
                            /** @description a UUID */
                            pipeline_id: string;
                            /** @description a UUID */
                            text_splitter_id: string;
                            /** @description ISO 8601 */
                            updated_at: string;
                            version: number;
                        }[];
                        page_info: {
                            after: string | null;
                            before: string | null;
                            count: number;
                            has_next: boolean;
                            has_prev: boolean;
                            /** @description with `total=true` (lists that count): every item the filters match, on every page */
                            total?: number;
                        };
                        query_info: unknown[];
                    };
                };
            };
            /** @description Malformed request (JSON that does not parse; under /api/v1, a body that fails validation) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No key, or a key that is unknown, disabled or has the wrong secret */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The key may not do this (a permission bit, admin, a scope, a classification) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not visible to this key */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unsupported content type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A field fails validation; the detail names it */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many failed authentications (Retry-After) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description An unexpected failure, logged with its reason; the answer says no more (no input should cause one) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description An embedding endpoint or an LLM failed; the detail quotes it */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is unavailable or busy (Retry-After) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    DocumentsController_add: {
        parameters: {
            query?: {
                /** @description Queue the work as a job and answer 202 with it (default false; any letter case) */
                async?: "0" | "1" | "true" | "false";
            };
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    classification: string;
                    content: string;
                    external_id?: string | null;
                    metadata?: {
                        [key: string]: unknown;
                    } | null;
                    text_splitter_id?: string | null;
                } | {
                    classification: string;
                    content: string;
                    external_id?: string | null;
                    metadata?: {
                        [key: string]: unknown;
                    } | null;
                    text_splitter_id?: string | null;
                }[];
            };
        };
        responses: {
            /** @description Success */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        classification: string;
                        /** @description ISO 8601 */
                        created_at: string;
                        expired_at: string | null;
                        external_id: string | null;
                        fragment_count: number;
                        /** @description a UUID */
                        id: string;
                        metadata: {
                            [key: string]: unknown;
                        };
                        /** @description a UUID */
                        pipeline_id: string;
                        /** @description a UUID */
                        text_splitter_id: string;
                        /** @description ISO 8601 */
                        updated_at: string;
                        version: number;
                    } | {
                        classification: string;
                        /** @description ISO 8601 */
                        created_at: string;
                        expired_at: string | null;
                        external_id: string | null;
                        fragment_count: number;
                        /** @description a UUID */
                        id: string;
                        metadata: {
                            [key: string]: unknown;
                        };
                        /** @description a UUID */
                        pipeline_id: string;
                        /** @description a UUID */
                        text_splitter_id: string;
                        /** @description ISO 8601 */
                        updated_at: string;
                        version: number;
                    }[];
                };
            };
            /** @description Queued as a job */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        attempts: number;
                        /** @description ISO 8601 */
                        created_at: string;
                        documents: {
                            fragment_count: number;
                            /** @description a UUID */
                            id: string;
                            index: number;
                            version: number;
                        }[];
                        errors: {
                            detail: string;
                            external_id: string | null;
                            index: number;
                        }[];
                        failed: number;
                        finished_at: string | null;
                        /** @description a UUID */
                        id: string;
                        /** @enum {string} */
                        kind: "ingest" | "reindex" | "evaluation";
                        /** @description a UUID */
                        pipeline_id: string;
                        processed: number;
                        /** @enum {string} */
                        state: "queued" | "running" | "succeeded" | "failed";
                        total: number;
                        /** @description ISO 8601 */
                        updated_at: string;
                    };
                };
            };
            /** @description Malformed request (JSON that does not parse; under /api/v1, a body that fails validation) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No key, or a key that is unknown, disabled or has the wrong secret */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The key may not do this (a permission bit, admin, a scope, a classification) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not visible to this key */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The pipeline's embedding models or full-text search changed while these documents were being embedded; send them again */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unsupported content type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A field fails validation; the detail names it */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many failed authentications (Retry-After) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description An unexpected failure, logged with its reason; the answer says no more (no input should cause one) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description An embedding endpoint or an LLM failed; the detail quotes it */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is unavailable or busy (Retry-After) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    DocumentsController_get: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                documentId: string;
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        classification: string;
                        /** @description ISO 8601 */
                        created_at: string;
                        expired_at: string | null;
                        external_id: string | null;
                        fragment_count: number;
                        /** @description a UUID */
                        id: string;
                        metadata: {
                            [key: string]: unknown;
                        };
                        /** @description a UUID */
                        pipeline_id: string;
                        /** @description a UUID */
                        text_splitter_id: string;
                        /** @description ISO 8601 */
                        updated_at: string;
                        version: number;
                    };
                };
            };
            /** @description Malformed request (JSON that does not parse; under /api/v1, a body that fails validation) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No key, or a key that is unknown, disabled or has the wrong secret */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The key may not do this (a permission bit, admin, a scope, a classification) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not visible to this key */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unsupported content type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A field fails validation; the detail names it */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many failed authentications (Retry-After) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description An unexpected failure, logged with its reason; the answer says no more (no input should cause one) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description An embedding endpoint or an LLM failed; the detail quotes it */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is unavailable or busy (Retry-After) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    DocumentsController_expire: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                documentId: string;
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        classification: string;
                        /** @description ISO 8601 */
                        created_at: string;
                        expired_at: string | null;
                        external_id: string | null;
                        fragment_count: number;
                        /** @description a UUID */
                        id: string;
                        metadata: {
                            [key: string]: unknown;
                        };
                        /** @description a UUID */
                        pipeline_id: string;
                        /** @description a UUID */
                        text_splitter_id: string;
                        /** @description ISO 8601 */
                        updated_at: string;
                        version: number;
                    } | {
                        expired_at: string | null;
                        /** @description a UUID */
                        id: string;
                    };
                };
            };
            /** @description Malformed request (JSON that does not parse; under /api/v1, a body that fails validation) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No key, or a key that is unknown, disabled or has the wrong secret */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The key may not do this (a permission bit, admin, a scope, a classification) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not visible to this key */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unsupported content type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A field fails validation; the detail names it */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many failed authentications (Retry-After) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description An unexpected failure, logged with its reason; the answer says no more (no input should cause one) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description An embedding endpoint or an LLM failed; the detail quotes it */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is unavailable or busy (Retry-After) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    DocumentsController_fragments: {
        parameters: {
            query?: {
                /** @description The page after this cursor (`page_info.after`: an id) */
                after?: string;
                /** @description The page before this cursor (`page_info.before`: an id); not with `after` */
                before?: string;
                /** @description Items per page */
                limit?: number;
            };
            header?: never;
            path: {
                documentId: string;
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            classification: string;
                            /** @description a UUID */
                            document_id: string;
                            expired_at: string | null;
                            /** @description a UUID */
                            id: string;
                            metadata: {
                                [key: string]: unknown;
                            };
                            order_id: number;
                            page_content: string;
                            version: number;
                        }[];
                        page_info: {
                            after: string | null;
                            before: string | null;
                            count: number;
                            has_next: boolean;
                            has_prev: boolean;
                            /** @description with `total=true` (lists that count): every item the filters match, on every page */
                            total?: number;
                        };
                        query_info: unknown[];
                    };
                };
            };
            /** @description Malformed request (JSON that does not parse; under /api/v1, a body that fails validation) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No key, or a key that is unknown, disabled or has the wrong secret */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The key may not do this (a permission bit, admin, a scope, a classification) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not visible to this key */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unsupported content type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A field fails validation; the detail names it */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many failed authentications (Retry-After) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description An unexpected failure, logged with its reason; the answer says no more (no input should cause one) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description An embedding endpoint or an LLM failed; the detail quotes it */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is unavailable or busy (Retry-After) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    DocumentsController_versions: {
        parameters: {
            query?: {
                /** @description The page after this cursor (`page_info.after`: a version number) */
                after?: string;
                /** @description The page before this cursor (`page_info.before`: a version number); not with `after` */
                before?: string;
                /** @description Items per page */
                limit?: number;
            };
            header?: never;
            path: {
                documentId: string;
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            classification: string;
                            /** @description ISO 8601 */
                            created_at: string;
                            expired: boolean;
                            expired_at: string | null;
                            fragment_count: number;
                            /** @description microseconds since the Unix epoch; also the page cursor */
                            version: number;
                        }[];
                        page_info: {
                            after: string | null;
                            before: string | null;
                            count: number;
                            has_next: boolean;
                            has_prev: boolean;
                            /** @description with `total=true` (lists that count): every item the filters match, on every page */
                            total?: number;
                        };
                        query_info: unknown[];
                    };
                };
            };
            /** @description Malformed request (JSON that does not parse; under /api/v1, a body that fails validation) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No key, or a key that is unknown, disabled or has the wrong secret */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The key may not do this (a permission bit, admin, a scope, a classification) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not visible to this key */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unsupported content type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A field fails validation; the detail names it */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many failed authentications (Retry-After) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description An unexpected failure, logged with its reason; the answer says no more (no input should cause one) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description An embedding endpoint or an LLM failed; the detail quotes it */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is unavailable or busy (Retry-After) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    EvaluationsController_list: {
        parameters: {
            query?: {
                /** @description The page after this cursor (`page_info.after`: an id) */
                after?: string;
                /** @description The page before this cursor (`page_info.before`: an id); not with `after` */
                before?: string;
                /** @description Filters as `field$op=value` (`field=value` means `$eq`; `$in` takes comma-separated values), at most 20, all of which must hold. Fields and operators: `name` (eq, ne, contains, startswith, endswith, in). */
                filters?: {
                    [key: string]: string;
                };
                /** @description Items per page */
                limit?: number;
            };
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["EvaluationSummary"][];
                        page_info: {
                            after: string | null;
                            before: string | null;
                            count: number;
                            has_next: boolean;
                            has_prev: boolean;
                            /** @description with `total=true` (lists that count): every item the filters match, on every page */
                            total?: number;
                        };
                        query_info: unknown[];
                    };
                };
            };
            /** @description Malformed request (JSON that does not parse; under /api/v1, a body that fails validation) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No key, or a key that is unknown, disabled or has the wrong secret */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The key may not do this (a permission bit, admin, a scope, a classification) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not visible to this key */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unsupported content type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A field fails validation; the detail names it */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many failed authentications (Retry-After) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description An unexpected failure, logged with its reason; the answer says no more (no input should cause one) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description An embedding endpoint or an LLM failed; the detail quotes it */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is unavailable or busy (Retry-After) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    EvaluationsController_create: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description every search's classifications (then no search gives its own) */
                    classifications?: string | string[] | {
                        /**
                         * @description hierarchical: a name also finds every classification it inherits, transitively (with the pair [internal, public], internal also finds public; public finds only public); exact: only that name
                         * @default hierarchical
                         * @enum {string}
                         */
                        match?: "hierarchical" | "exact";
                        values: string[];
                    };
                    /**
                     * @description the cut-off of every metric (10), and the k of a search that gives none
                     * @default 10
                     */
                    k?: number;
                    name: string;
                    /** @description at most TROVE_EVALUATION_MAX_QUERIES (5000) */
                    queries: {
                        /** @description unique in the evaluation, e.g. the id of a BEIR query */
                        id: string;
                        /** @description searched as a search query */
                        query: string;
                        relevant: {
                            /** @description a document */
                            document_id?: string;
                            /** @description a document's external id (every live document of that id the key may read) */
                            external_id?: string;
                            /** @description a fragment: its document counts as found when a search returns that fragment */
                            fragment_id?: string;
                            /**
                             * @description graded relevance, the gain of nDCG (1; 0: judged not relevant)
                             * @default 1
                             */
                            grade?: number;
                        }[];
                    }[];
                    /** @description each a search body less query (and less classifications when given at the top); at most TROVE_EVALUATION_MAX_SEARCHES (8) */
                    searches: {
                        /** @description the classifications to search: a name, an array of names, or {"values": [...], "match": "hierarchical" | "exact"} */
                        classifications?: string | string[] | {
                            /**
                             * @description hierarchical: a name also finds every classification it inherits, transitively (with the pair [internal, public], internal also finds public; public finds only public); exact: only that name
                             * @default hierarchical
                             * @enum {string}
                             */
                            match?: "hierarchical" | "exact";
                            values: string[];
                        };
                        /** @description null: cosine */
                        distance_strategy?: ("cosine" | "euclidean" | "inner_product") | null;
                        /** @description a metadata filter ($and, $or, $not; per key $eq, $ne, $gt, $gte, $lt, $lte, $in, $nin, $exists) */
                        filters?: {
                            [key: string]: unknown;
                        } | null;
                        /** @description its name in results, tables, charts and the trove_evaluation_metric gauge (default: from its type) */
                        label?: string;
                        /** @description Each type takes only its own: similarity: embedding, k, threshold; mmr: embedding, fetch_k, k, lambda_mult, threshold; search: k, threshold; hybrid: embedding, k, fusion, alpha, rrf_k, candidates; history: k. Without params: k 5, fetch_k 10, lambda_mult 0.5; with params, an omitted k or fetch_k is 0. */
                        params?: {
                            /** @description hybrid: the vector leg's share of the weight, 0..1 (0.5: both alike) */
                            alpha?: number;
                            /** @description hybrid: the candidates each leg takes (3 × k, at least 20) */
                            candidates?: number;
                            /** @description an embedding model id of the pipeline; null: the pipeline's default */
                            embedding?: string | null;
                            /** @description MMR candidates */
                            fetch_k?: number;
                            /**
                             * @description hybrid: reciprocal rank fusion (rrf, the default) or a weighted sum of scaled scores
                             * @enum {string}
                             */
                            fusion?: "rrf" | "weighted";
                            /** @description how many fragments to return */
                            k?: number;
                            /** @description MMR balance: 1 relevance .. 0 diversity (null: 0.5) */
                            lambda_mult?: number | null;
                            /** @description hybrid, rrf: the constant k of 1 / (k + rank) (60) */
                            rrf_k?: number;
                            /** @description max distance (similarity, mmr) or min rank (search); null: none */
                            threshold?: number | null;
                        } | null;
                        /** @description the search's best candidates scored again by a reranker; score: its relevance, descending */
                        rerank?: {
                            /** @description how many of the search's results the reranker scores (3 × k, at least 20) */
                            candidates?: number;
                            /** @description a reranker of GET /rerankers */
                            reranker_id: string;
                        } | null;
                        /** @enum {string} */
                        type: "similarity" | "mmr" | "search" | "hybrid" | "history";
                    }[];
                };
            };
        };
        responses: {
            /** @description Success */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["EvaluationSummary"];
                };
            };
            /** @description Malformed request (JSON that does not parse; under /api/v1, a body that fails validation) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No key, or a key that is unknown, disabled or has the wrong secret */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The key may not do this (a permission bit, admin, a scope, a classification) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not visible to this key */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description a model or full text of a search is still being indexed after a pipeline edit */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unsupported content type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A field fails validation; the detail names it */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many failed authentications (Retry-After) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description An unexpected failure, logged with its reason; the answer says no more (no input should cause one) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description a search of a type the pipeline cannot run (history; full text or hybrid without full text) */
            501: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description An embedding endpoint or an LLM failed; the detail quotes it */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is unavailable or busy (Retry-After) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    EvaluationsController_get: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                evaluationId: string;
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Evaluation"];
                };
            };
            /** @description Malformed request (JSON that does not parse; under /api/v1, a body that fails validation) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No key, or a key that is unknown, disabled or has the wrong secret */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The key may not do this (a permission bit, admin, a scope, a classification) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not visible to this key */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unsupported content type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A field fails validation; the detail names it */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many failed authentications (Retry-After) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description An unexpected failure, logged with its reason; the answer says no more (no input should cause one) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description An embedding endpoint or an LLM failed; the detail quotes it */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is unavailable or busy (Retry-After) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    EvaluationsController_delete: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                evaluationId: string;
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success, no body */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Malformed request (JSON that does not parse; under /api/v1, a body that fails validation) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No key, or a key that is unknown, disabled or has the wrong secret */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The key may not do this (a permission bit, admin, a scope, a classification) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not visible to this key */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unsupported content type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A field fails validation; the detail names it */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many failed authentications (Retry-After) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description An unexpected failure, logged with its reason; the answer says no more (no input should cause one) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description An embedding endpoint or an LLM failed; the detail quotes it */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is unavailable or busy (Retry-After) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    EvaluationsController_query: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                evaluationId: string;
                id: string;
                position: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["EvaluationQuery"];
                };
            };
            /** @description Malformed request (JSON that does not parse; under /api/v1, a body that fails validation) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No key, or a key that is unknown, disabled or has the wrong secret */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The key may not do this (a permission bit, admin, a scope, a classification) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not visible to this key */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description the query has not been searched yet */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unsupported content type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A field fails validation; the detail names it */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many failed authentications (Retry-After) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description An unexpected failure, logged with its reason; the answer says no more (no input should cause one) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description An embedding endpoint or an LLM failed; the detail quotes it */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is unavailable or busy (Retry-After) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    FilesController_list: {
        parameters: {
            query?: {
                /** @description The page after this cursor (`page_info.after`: an id) */
                after?: string;
                /** @description The page before this cursor (`page_info.before`: an id); not with `after` */
                before?: string;
                /** @description Filters as `field$op=value` (`field=value` means `$eq`; `$in` takes comma-separated values), at most 20, all of which must hold. Fields and operators: `filename` (eq, ne, contains, startswith, endswith, in), `external_id` (eq, ne, contains, startswith, endswith, in), `classification` (eq, ne, in), `type` (eq, ne, in), `sha256` (eq, in). */
                filters?: {
                    [key: string]: string;
                };
                /** @description Items per page */
                limit?: number;
            };
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            chunk_overlap: number | null;
                            chunk_size: number | null;
                            classification: string;
                            /** @description ISO 8601 */
                            created_at: string;
                            external_id: string | null;
                            filename: string;
                            /** @description a UUID */
                            id: string;
                            metadata: {
                                [key: string]: unknown;
                            };
                            mime_type: string;
                            /** @description a UUID */
                            pipeline_id: string;
                            sha256: string;
                            size: number;
                            text_splitter_id: string | null;
                            /** @enum {string} */
                            type: "pdf" | "docx" | "xlsx" | "csv" | "tsv" | "html" | "markdown" | "json" | "text";
                        }[];
                        page_info: {
                            after: string | null;
                            before: string | null;
                            count: number;
                            has_next: boolean;
                            has_prev: boolean;
                            /** @description with `total=true` (lists that count): every item the filters match, on every page */
                            total?: number;
                        };
                        query_info: unknown[];
                    };
                };
            };
            /** @description Malformed request (JSON that does not parse; under /api/v1, a body that fails validation) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No key, or a key that is unknown, disabled or has the wrong secret */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The key may not do this (a permission bit, admin, a scope, a classification) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not visible to this key */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unsupported content type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A field fails validation; the detail names it */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many failed authentications (Retry-After) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description An unexpected failure, logged with its reason; the answer says no more (no input should cause one) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description An embedding endpoint or an LLM failed; the detail quotes it */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is unavailable or busy (Retry-After) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    FilesController_upload: {
        parameters: {
            query?: {
                /** @description Queue the work as a job and answer 202 with it (default false; any letter case) */
                async?: "0" | "1" | "true" | "false";
            };
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "multipart/form-data": {
                    chunk_overlap?: string;
                    chunk_size?: string;
                    classification: string;
                    external_id?: string;
                    /** @description one part per file */
                    file: string[];
                    /** @description a JSON object */
                    metadata?: string;
                    /** @enum {unknown} */
                    process?: "true" | "false";
                    text_splitter_id?: string;
                };
            };
        };
        responses: {
            /** @description Success */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description processed: the document it became */
                        document_id: string | null;
                        /** @description uploaded: the kept file */
                        file_id: string | null;
                        filename: string;
                        fragment_count: number | null;
                        /** @description queued: the job that will store it */
                        job_id: string | null;
                        mime_type: string;
                        sha256: string;
                        size: number;
                        /** @enum {string} */
                        status: "processed" | "queued" | "uploaded";
                        /** @enum {string} */
                        type: "pdf" | "docx" | "xlsx" | "csv" | "tsv" | "html" | "markdown" | "json" | "text";
                        version: number | null;
                    }[];
                };
            };
            /** @description Queued as a job */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description processed: the document it became */
                        document_id: string | null;
                        /** @description uploaded: the kept file */
                        file_id: string | null;
                        filename: string;
                        fragment_count: number | null;
                        /** @description queued: the job that will store it */
                        job_id: string | null;
                        mime_type: string;
                        sha256: string;
                        size: number;
                        /** @enum {string} */
                        status: "processed" | "queued" | "uploaded";
                        /** @enum {string} */
                        type: "pdf" | "docx" | "xlsx" | "csv" | "tsv" | "html" | "markdown" | "json" | "text";
                        version: number | null;
                    }[];
                };
            };
            /** @description Malformed request (JSON that does not parse; under /api/v1, a body that fails validation) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No key, or a key that is unknown, disabled or has the wrong secret */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The key may not do this (a permission bit, admin, a scope, a classification) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not visible to this key */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The pipeline's embedding models or full-text search changed while these documents were being embedded; send them again */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unsupported content type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A field fails validation; the detail names it */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many failed authentications (Retry-After) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description An unexpected failure, logged with its reason; the answer says no more (no input should cause one) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description An embedding endpoint or an LLM failed; the detail quotes it */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is unavailable or busy (Retry-After) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    FilesController_get: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                fileId: string;
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        chunk_overlap: number | null;
                        chunk_size: number | null;
                        classification: string;
                        /** @description ISO 8601 */
                        created_at: string;
                        external_id: string | null;
                        filename: string;
                        /** @description a UUID */
                        id: string;
                        metadata: {
                            [key: string]: unknown;
                        };
                        mime_type: string;
                        /** @description a UUID */
                        pipeline_id: string;
                        sha256: string;
                        size: number;
                        text_splitter_id: string | null;
                        /** @enum {string} */
                        type: "pdf" | "docx" | "xlsx" | "csv" | "tsv" | "html" | "markdown" | "json" | "text";
                    };
                };
            };
            /** @description Malformed request (JSON that does not parse; under /api/v1, a body that fails validation) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No key, or a key that is unknown, disabled or has the wrong secret */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The key may not do this (a permission bit, admin, a scope, a classification) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not visible to this key */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unsupported content type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A field fails validation; the detail names it */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many failed authentications (Retry-After) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description An unexpected failure, logged with its reason; the answer says no more (no input should cause one) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description An embedding endpoint or an LLM failed; the detail quotes it */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is unavailable or busy (Retry-After) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    FilesController_delete: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                fileId: string;
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        chunk_overlap: number | null;
                        chunk_size: number | null;
                        classification: string;
                        /** @description ISO 8601 */
                        created_at: string;
                        external_id: string | null;
                        filename: string;
                        /** @description a UUID */
                        id: string;
                        metadata: {
                            [key: string]: unknown;
                        };
                        mime_type: string;
                        /** @description a UUID */
                        pipeline_id: string;
                        sha256: string;
                        size: number;
                        text_splitter_id: string | null;
                        /** @enum {string} */
                        type: "pdf" | "docx" | "xlsx" | "csv" | "tsv" | "html" | "markdown" | "json" | "text";
                    } | {
                        /** @description a UUID */
                        id: string;
                    };
                };
            };
            /** @description Malformed request (JSON that does not parse; under /api/v1, a body that fails validation) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No key, or a key that is unknown, disabled or has the wrong secret */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The key may not do this (a permission bit, admin, a scope, a classification) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not visible to this key */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unsupported content type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A field fails validation; the detail names it */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many failed authentications (Retry-After) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description An unexpected failure, logged with its reason; the answer says no more (no input should cause one) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description An embedding endpoint or an LLM failed; the detail quotes it */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is unavailable or busy (Retry-After) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    FilesController_process: {
        parameters: {
            query?: {
                /** @description Queue the work as a job and answer 202 with it (default false; any letter case) */
                async?: "0" | "1" | "true" | "false";
            };
            header?: never;
            path: {
                fileId: string;
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description processed: the document it became */
                        document_id: string | null;
                        /** @description uploaded: the kept file */
                        file_id: string | null;
                        filename: string;
                        fragment_count: number | null;
                        /** @description queued: the job that will store it */
                        job_id: string | null;
                        mime_type: string;
                        sha256: string;
                        size: number;
                        /** @enum {string} */
                        status: "processed" | "queued" | "uploaded";
                        /** @enum {string} */
                        type: "pdf" | "docx" | "xlsx" | "csv" | "tsv" | "html" | "markdown" | "json" | "text";
                        version: number | null;
                    } | {
                        /** @description processed: the document it became */
                        document_id: string | null;
                        /** @description uploaded: the kept file */
                        file_id: string | null;
                        /** @description queued: the job that will store it */
                        job_id: string | null;
                        /** @enum {string} */
                        status: "processed" | "queued" | "uploaded";
                        version: number | null;
                    };
                };
            };
            /** @description Queued as a job */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description processed: the document it became */
                        document_id: string | null;
                        /** @description uploaded: the kept file */
                        file_id: string | null;
                        filename: string;
                        fragment_count: number | null;
                        /** @description queued: the job that will store it */
                        job_id: string | null;
                        mime_type: string;
                        sha256: string;
                        size: number;
                        /** @enum {string} */
                        status: "processed" | "queued" | "uploaded";
                        /** @enum {string} */
                        type: "pdf" | "docx" | "xlsx" | "csv" | "tsv" | "html" | "markdown" | "json" | "text";
                        version: number | null;
                    } | {
                        /** @description processed: the document it became */
                        document_id: string | null;
                        /** @description uploaded: the kept file */
                        file_id: string | null;
                        /** @description queued: the job that will store it */
                        job_id: string | null;
                        /** @enum {string} */
                        status: "processed" | "queued" | "uploaded";
                        version: number | null;
                    };
                };
            };
            /** @description Malformed request (JSON that does not parse; under /api/v1, a body that fails validation) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No key, or a key that is unknown, disabled or has the wrong secret */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The key may not do this (a permission bit, admin, a scope, a classification) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not visible to this key */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The file was processed or deleted meanwhile; or the pipeline's embedding models or full-text search changed while these documents were being embedded; send them again */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unsupported content type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A field fails validation; the detail names it */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many failed authentications (Retry-After) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description An unexpected failure, logged with its reason; the answer says no more (no input should cause one) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description An embedding endpoint or an LLM failed; the detail quotes it */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is unavailable or busy (Retry-After) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    SearchController_search: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["SearchRequest"];
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        classification: string;
                        /** @description a UUID */
                        document_id: string;
                        expired_at: string | null;
                        /** @description a UUID */
                        id: string;
                        metadata: {
                            [key: string]: unknown;
                        };
                        order_id: number;
                        page_content: string;
                        score: number;
                        version: number;
                    }[];
                };
            };
            /** @description Malformed request (JSON that does not parse; under /api/v1, a body that fails validation) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No key, or a key that is unknown, disabled or has the wrong secret */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The key may not do this (a permission bit, admin, a scope, a classification) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not visible to this key */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description the model (or full text) is still being indexed after a pipeline edit */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unsupported content type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A field fails validation; the detail names it */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many failed authentications (Retry-After) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description An unexpected failure, logged with its reason; the answer says no more (no input should cause one) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description history searches, and full text or hybrid search on a pipeline without full text */
            501: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description An embedding endpoint or an LLM failed; the detail quotes it */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is unavailable or busy (Retry-After) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    HealthController_readyz: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        checks?: {
                            [key: string]: string;
                        };
                        status: string;
                    };
                };
            };
            /** @description Malformed request (JSON that does not parse; under /api/v1, a body that fails validation) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not visible to this key */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unsupported content type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A field fails validation; the detail names it */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description An unexpected failure, logged with its reason; the answer says no more (no input should cause one) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description An embedding endpoint or an LLM failed; the detail quotes it */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not ready: `checks` says which check fails */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        checks?: {
                            [key: string]: string;
                        };
                        status: string;
                    };
                };
            };
        };
    };
    RerankersController_list: {
        parameters: {
            query?: {
                /** @description The page after this cursor (`page_info.after`: an id) */
                after?: string;
                /** @description The page before this cursor (`page_info.before`: an id); not with `after` */
                before?: string;
                /** @description Filters as `field$op=value` (`field=value` means `$eq`; `$in` takes comma-separated values), at most 20, all of which must hold. Fields and operators: `name` (eq, ne, contains, startswith, endswith, in), `provider` (eq, ne, contains, startswith, endswith, in). */
                filters?: {
                    [key: string]: string;
                };
                /** @description Items per page */
                limit?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            /** @description ISO 8601 */
                            created_at: string;
                            description: string | null;
                            /** @description the endpoint's base URL; [endpoint] to keys other than admin keys */
                            endpoint: string;
                            has_api_key: boolean;
                            /** @description a UUID */
                            id: string;
                            model: string | null;
                            name: string;
                            parameters: {
                                batch_size: number;
                                timeout_ms: number;
                            };
                            /** @enum {string} */
                            provider: "cohere" | "tei";
                        }[];
                        page_info: {
                            after: string | null;
                            before: string | null;
                            count: number;
                            has_next: boolean;
                            has_prev: boolean;
                            /** @description with `total=true` (lists that count): every item the filters match, on every page */
                            total?: number;
                        };
                        query_info: unknown[];
                    };
                };
            };
            /** @description Malformed request (JSON that does not parse; under /api/v1, a body that fails validation) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No key, or a key that is unknown, disabled or has the wrong secret */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The key may not do this (a permission bit, admin, a scope, a classification) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not visible to this key */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unsupported content type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A field fails validation; the detail names it */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many failed authentications (Retry-After) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description An unexpected failure, logged with its reason; the answer says no more (no input should cause one) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description An embedding endpoint or an LLM failed; the detail quotes it */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is unavailable or busy (Retry-After) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    RerankersController_create: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    api_key?: string | null;
                    description?: string | null;
                    /** @description the base URL that /rerank is appended to, e.g. https://api.cohere.com/v1 or http://tei:8080 */
                    endpoint: string;
                    /** @description the model the endpoint serves (cohere: required) */
                    model?: string | null;
                    name: string;
                    /**
                     * @default {
                     *       "timeout_ms": 30000,
                     *       "batch_size": 32
                     *     }
                     */
                    parameters?: {
                        /**
                         * @description candidates per request (32: what Text Embeddings Inference takes by default)
                         * @default 32
                         */
                        batch_size?: number;
                        /**
                         * @description per request to the endpoint, each retry alike (30000)
                         * @default 30000
                         */
                        timeout_ms?: number;
                    };
                    /**
                     * @description cohere: the /rerank API of Cohere, Jina, vLLM, Infinity and LocalAI; tei: Text Embeddings Inference's /rerank
                     * @enum {string}
                     */
                    provider: "cohere" | "tei";
                };
            };
        };
        responses: {
            /** @description Success */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description ISO 8601 */
                        created_at: string;
                        description: string | null;
                        /** @description the endpoint's base URL; [endpoint] to keys other than admin keys */
                        endpoint: string;
                        has_api_key: boolean;
                        /** @description a UUID */
                        id: string;
                        model: string | null;
                        name: string;
                        parameters: {
                            batch_size: number;
                            timeout_ms: number;
                        };
                        /** @enum {string} */
                        provider: "cohere" | "tei";
                    };
                };
            };
            /** @description Malformed request (JSON that does not parse; under /api/v1, a body that fails validation) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No key, or a key that is unknown, disabled or has the wrong secret */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The key may not do this (a permission bit, admin, a scope, a classification) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not visible to this key */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A reranker with this name exists */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unsupported content type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A field fails validation; the detail names it */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many failed authentications (Retry-After) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description An unexpected failure, logged with its reason; the answer says no more (no input should cause one) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description An embedding endpoint or an LLM failed; the detail quotes it */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is unavailable or busy (Retry-After) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    RerankersController_get: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description ISO 8601 */
                        created_at: string;
                        description: string | null;
                        /** @description the endpoint's base URL; [endpoint] to keys other than admin keys */
                        endpoint: string;
                        has_api_key: boolean;
                        /** @description a UUID */
                        id: string;
                        model: string | null;
                        name: string;
                        parameters: {
                            batch_size: number;
                            timeout_ms: number;
                        };
                        /** @enum {string} */
                        provider: "cohere" | "tei";
                    };
                };
            };
            /** @description Malformed request (JSON that does not parse; under /api/v1, a body that fails validation) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No key, or a key that is unknown, disabled or has the wrong secret */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The key may not do this (a permission bit, admin, a scope, a classification) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not visible to this key */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unsupported content type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A field fails validation; the detail names it */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many failed authentications (Retry-After) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description An unexpected failure, logged with its reason; the answer says no more (no input should cause one) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description An embedding endpoint or an LLM failed; the detail quotes it */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is unavailable or busy (Retry-After) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    RerankersController_delete: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success, no body */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Malformed request (JSON that does not parse; under /api/v1, a body that fails validation) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No key, or a key that is unknown, disabled or has the wrong secret */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The key may not do this (a permission bit, admin, a scope, a classification) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not visible to this key */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A pipeline names it as its default reranker */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unsupported content type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A field fails validation; the detail names it */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many failed authentications (Retry-After) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description An unexpected failure, logged with its reason; the answer says no more (no input should cause one) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description An embedding endpoint or an LLM failed; the detail quotes it */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is unavailable or busy (Retry-After) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    RerankersController_test: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string | null;
                        /** @description a UUID */
                        id: string;
                        latency_ms: number;
                        ok: boolean;
                        /** @description the probe's passages as the reranker scored them, the relevant one first; null when it failed */
                        scores: number[] | null;
                    };
                };
            };
            /** @description Malformed request (JSON that does not parse; under /api/v1, a body that fails validation) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No key, or a key that is unknown, disabled or has the wrong secret */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The key may not do this (a permission bit, admin, a scope, a classification) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not visible to this key */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unsupported content type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A field fails validation; the detail names it */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many failed authentications (Retry-After) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description An unexpected failure, logged with its reason; the answer says no more (no input should cause one) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description An embedding endpoint or an LLM failed; the detail quotes it */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is unavailable or busy (Retry-After) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    CatalogueController_listSplitters: {
        parameters: {
            query?: {
                /** @description The page after this cursor (`page_info.after`: an id) */
                after?: string;
                /** @description The page before this cursor (`page_info.before`: an id); not with `after` */
                before?: string;
                /** @description Filters as `field$op=value` (`field=value` means `$eq`; `$in` takes comma-separated values), at most 20, all of which must hold. Fields and operators: `provider` (eq, ne, contains, startswith, endswith, in). */
                filters?: {
                    [key: string]: string;
                };
                /** @description Items per page */
                limit?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            description: string | null;
                            /** @description a UUID */
                            id: string;
                            parameters: {
                                [key: string]: unknown;
                            };
                            provider: string;
                        }[];
                        page_info: {
                            after: string | null;
                            before: string | null;
                            count: number;
                            has_next: boolean;
                            has_prev: boolean;
                            /** @description with `total=true` (lists that count): every item the filters match, on every page */
                            total?: number;
                        };
                        query_info: unknown[];
                    };
                };
            };
            /** @description Malformed request (JSON that does not parse; under /api/v1, a body that fails validation) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No key, or a key that is unknown, disabled or has the wrong secret */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The key may not do this (a permission bit, admin, a scope, a classification) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not visible to this key */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unsupported content type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A field fails validation; the detail names it */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many failed authentications (Retry-After) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description An unexpected failure, logged with its reason; the answer says no more (no input should cause one) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description An embedding endpoint or an LLM failed; the detail quotes it */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is unavailable or busy (Retry-After) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    CatalogueController_createSplitter: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    description?: string | null;
                    /** @default {} */
                    parameters?: {
                        [key: string]: unknown;
                    };
                    provider: string;
                };
            };
        };
        responses: {
            /** @description Success */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        description: string | null;
                        /** @description a UUID */
                        id: string;
                        parameters: {
                            [key: string]: unknown;
                        };
                        provider: string;
                    };
                };
            };
            /** @description Malformed request (JSON that does not parse; under /api/v1, a body that fails validation) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No key, or a key that is unknown, disabled or has the wrong secret */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The key may not do this (a permission bit, admin, a scope, a classification) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not visible to this key */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unsupported content type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A field fails validation; the detail names it */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many failed authentications (Retry-After) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description An unexpected failure, logged with its reason; the answer says no more (no input should cause one) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description An embedding endpoint or an LLM failed; the detail quotes it */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is unavailable or busy (Retry-After) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    CatalogueController_getSplitter: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        description: string | null;
                        /** @description a UUID */
                        id: string;
                        parameters: {
                            [key: string]: unknown;
                        };
                        provider: string;
                    };
                };
            };
            /** @description Malformed request (JSON that does not parse; under /api/v1, a body that fails validation) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No key, or a key that is unknown, disabled or has the wrong secret */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The key may not do this (a permission bit, admin, a scope, a classification) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not visible to this key */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unsupported content type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A field fails validation; the detail names it */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many failed authentications (Retry-After) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description An unexpected failure, logged with its reason; the answer says no more (no input should cause one) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description An embedding endpoint or an LLM failed; the detail quotes it */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is unavailable or busy (Retry-After) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    CatalogueController_deleteSplitter: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success, no body */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Malformed request (JSON that does not parse; under /api/v1, a body that fails validation) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No key, or a key that is unknown, disabled or has the wrong secret */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The key may not do this (a permission bit, admin, a scope, a classification) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not visible to this key */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A pipeline or a document uses it */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unsupported content type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A field fails validation; the detail names it */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many failed authentications (Retry-After) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description An unexpected failure, logged with its reason; the answer says no more (no input should cause one) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description An embedding endpoint or an LLM failed; the detail quotes it */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is unavailable or busy (Retry-After) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
}
