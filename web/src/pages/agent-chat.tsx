/**
 * Chatting with an agent: the answer streams as AG-UI events, its citations show
 * inline with the fragments they quote, and a turn can be cancelled, regenerated and
 * rated. The side bar lists the conversations, archived ones on request.
 */
import type { ComponentChildren } from 'preact';
import { useEffect, useRef, useState } from 'preact/hooks';
import { get, post, streamAgui } from '../api/client';
import type {
  Agent,
  AguiEvent,
  CancelAnswer,
  ConversationDetail,
  ConversationList,
  DetailMessage,
  FeedbackAnswer,
  Message,
  MessageCitation,
  RegenerateBody,
  StreamAddBody,
  StreamCreateBody,
} from '../api/types';
import { Alert, Badge, Empty, ErrorText, Loading, Page, TextArea } from '../components';
import { useAbilities } from '../context';
import { useAction, useLoad } from '../hooks';
import { BASE, Link } from '../router';

/** The body of a streamed run, but for what every run sends (quick mode, its own run id). */
type RunBody = WithoutRunFields<StreamCreateBody | StreamAddBody | RegenerateBody>;
type WithoutRunFields<B> = B extends unknown ? Omit<B, 'chatMode' | 'runId'> : never;

/** A message of the thread: from a run's result (citations scored) or from the stored detail (not). */
type ChatMessage = Message | DetailMessage;

const byTime = (a: ChatMessage, b: ChatMessage) =>
  a.createdAt.localeCompare(b.createdAt) || a._id.localeCompare(b._id);

/** The answer's text with each `[n]` turned into a link to its citation below. */
function withCitations(message: ChatMessage): ComponentChildren {
  const parts = message.content.split(/(\[\d+\])/);
  return parts.map((part) => {
    const marker = /^\[(\d+)\]$/.exec(part);
    if (!marker || !message.citations[Number(marker[1]) - 1]) return part;
    return (
      <a class="cite" href={`#cite-${message._id}-${marker[1]}`} aria-label={`Citation ${marker[1]}`}>
        [{marker[1]}]
      </a>
    );
  });
}

function Citations(props: { message: ChatMessage }) {
  if (props.message.citations.length === 0) return null;
  return (
    <ol class="citations" aria-label="Citations">
      {props.message.citations.map((c: MessageCitation, i) => (
        <li id={`cite-${props.message._id}-${i + 1}`} tabIndex={-1}>
          <div class="citation-head">
            <strong>[{i + 1}]</strong>{' '}
            {'relevanceScore' in c && <Badge>score {c.relevanceScore.toFixed(3)}</Badge>}
            <span class="muted">
              {c.citationData.metadata.recordName || 'document'}{' '}
              <code>{c.citationData.metadata.recordId.slice(0, 8)}…</code>, fragment #
              {c.citationData.chunkIndex}
            </span>
          </div>
          <blockquote>{c.citationData.content || ('excerpt' in c ? c.excerpt : '')}</blockquote>
        </li>
      ))}
    </ol>
  );
}

export function AgentChat(props: { agentKey: string; conversationId?: string }) {
  const abilities = useAbilities();
  const agent = useLoad(
    () => get<{ agent: Agent }>(`/api/v1/agents/${props.agentKey}`).then((r) => r.agent),
    [props.agentKey],
  );
  const [conversationId, setConversationId] = useState<string | null>(props.conversationId ?? null);
  const [messages, setMessages] = useState<ChatMessage[]>([]);
  /** The question of the run under way, shown until its conversation comes back. */
  const [pending, setPending] = useState<string | null>(null);
  const [streaming, setStreaming] = useState<{ text: string; step: string | null } | null>(null);
  const [question, setQuestion] = useState('');
  const [runError, setRunError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [showArchived, setShowArchived] = useState(false);
  const [listVersion, setListVersion] = useState(0);
  const run = useRef<{ runId: string; abort: AbortController; conversation: string | null } | null>(null);
  const action = useAction();
  const canAsk = abilities.hasScope('agent:execute');
  const canWrite = abilities.hasScope('agent:write');

  const conversations = useLoad(
    () =>
      get<ConversationList>(
        `/api/v1/agents/${props.agentKey}/conversations${showArchived ? '/show/archives' : ''}?limit=50`,
      ),
    [props.agentKey, showArchived, listVersion],
  );

  const open = async (id: string) => {
    const detail = await action.run(() =>
      get<ConversationDetail>(`/api/v1/agents/${props.agentKey}/conversations/${id}?limit=100`),
    );
    if (!detail) return;
    setConversationId(id);
    setMessages([...detail.conversation.messages].sort(byTime));
    setPending(null);
    setRunError(null);
    history.replaceState(null, '', `${BASE}/agents/${props.agentKey}/conversations/${id}`);
  };

  useEffect(() => {
    if (props.conversationId) void open(props.conversationId);
  }, [props.agentKey, props.conversationId]);

  const startNew = () => {
    setConversationId(null);
    setMessages([]);
    setPending(null);
    setRunError(null);
    history.replaceState(null, '', `${BASE}/agents/${props.agentKey}`);
  };

  /** Streams one run; `path` and `body` name the question (new, follow-up) or the regeneration. */
  const stream = async (path: string, body: RunBody, shownQuestion: string | null) => {
    const runId = crypto.randomUUID();
    const abort = new AbortController();
    run.current = { runId, abort, conversation: conversationId };
    setRunError(null);
    setNotice(null);
    setStreaming({ text: '', step: null });
    setPending(shownQuestion);
    const onEvent = (event: AguiEvent) => {
      switch (event.type) {
        case 'RUN_STARTED':
          if (run.current) run.current.conversation = event.threadId;
          break;
        case 'STEP_STARTED':
          setStreaming(
            (s) =>
              s && {
                ...s,
                step: event.stepName === 'retrieval' ? 'Searching the knowledge…' : event.stepName,
              },
          );
          break;
        case 'STEP_FINISHED':
          setStreaming((s) => s && { ...s, step: null });
          break;
        case 'TEXT_MESSAGE_CONTENT':
          setStreaming((s) => ({ text: (s?.text ?? '') + event.delta, step: null }));
          break;
        case 'RUN_FINISHED': {
          const conversation = event.result.conversation;
          setConversationId(conversation._id);
          setMessages([...conversation.messages].sort(byTime));
          setPending(null);
          history.replaceState(
            null,
            '',
            `${BASE}/agents/${props.agentKey}/conversations/${conversation._id}`,
          );
          if (event.outcome?.type === 'cancelled') setNotice('The answer was stopped.');
          break;
        }
        case 'RUN_ERROR':
          setRunError(event.message);
          break;
      }
    };
    try {
      await streamAgui(path, { ...body, chatMode: 'quick', runId }, onEvent, abort.signal);
    } catch (e) {
      if (!abort.signal.aborted) setRunError((e as Error).message);
    } finally {
      const finished = run.current;
      run.current = null;
      setStreaming(null);
      setListVersion((n) => n + 1);
      // A stopped or failed run is saved too: show the conversation as stored.
      if (finished?.conversation && (abort.signal.aborted || !messagesHaveAnswer()))
        void open(finished.conversation);
    }
  };
  const latest = useRef(messages);
  latest.current = messages;
  const messagesHaveAnswer = () => latest.current.some((m) => m.messageType === 'bot_response');

  const ask = async (event: Event) => {
    event.preventDefault();
    const text = question.trim();
    if (!text || run.current) return;
    setQuestion('');
    const path = conversationId
      ? `/api/v1/agents/${props.agentKey}/conversations/${conversationId}/messages/stream`
      : `/api/v1/agents/${props.agentKey}/conversations/stream`;
    await stream(path, { query: text }, text);
  };

  const cancel = async () => {
    const current = run.current;
    if (!current) return;
    if (current.conversation) {
      const result = await action.run(() =>
        post<CancelAnswer>(`/api/v1/agents/${props.agentKey}/conversations/${current.conversation}/cancel`, {
          runId: current.runId,
        }),
      );
      if (result?.cancelled) return;
    }
    current.abort.abort();
  };

  const regenerate = (message: ChatMessage) =>
    stream(
      `/api/v1/agents/${props.agentKey}/conversations/${conversationId}/message/${message._id}/regenerate`,
      {},
      null,
    );

  const feedback = async (message: ChatMessage, isHelpful: boolean) => {
    const answer = await action.run(() =>
      post<FeedbackAnswer>(
        `/api/v1/agents/${props.agentKey}/conversations/${conversationId}/message/${message._id}/feedback`,
        { isHelpful },
      ),
    );
    if (answer) {
      setNotice(isHelpful ? 'Thanks: marked as helpful.' : 'Thanks: marked as not helpful.');
      // The answer is the entry as stored, but for its source (always the user's).
      const entry = { ...answer.feedback, source: 'user' as const };
      setMessages((all) =>
        all.map((m) => (m._id === message._id ? { ...m, feedback: [...m.feedback, entry] } : m)),
      );
    }
  };

  const archive = async (id: string, archived: boolean) => {
    const ok = await action.run(async () => {
      await post(
        `/api/v1/agents/${props.agentKey}/conversations/${id}/${archived ? 'unarchive' : 'archive'}`,
        {},
      );
      return true;
    });
    if (ok) {
      if (id === conversationId) startNew();
      setListVersion((n) => n + 1);
    }
  };

  const lastBot = [...messages].reverse().find((m) => m.messageType === 'bot_response');
  return (
    <Page title={agent.data ? `Chat with ${agent.data.name}` : 'Chat'}>
      <ErrorText error={agent.error} />
      <div class="chat">
        <aside class="conversations" aria-label="Conversations">
          <div class="actions">
            <button type="button" class="secondary" onClick={startNew} disabled={!!streaming}>
              New conversation
            </button>
          </div>
          <div class="tabs" role="group" aria-label="Which conversations">
            <button
              type="button"
              class={showArchived ? 'secondary' : ''}
              aria-pressed={!showArchived}
              onClick={() => setShowArchived(false)}
            >
              Active
            </button>
            <button
              type="button"
              class={showArchived ? '' : 'secondary'}
              aria-pressed={showArchived}
              onClick={() => setShowArchived(true)}
            >
              Archived
            </button>
          </div>
          {conversations.loading && !conversations.data && <Loading />}
          {conversations.data?.conversations.length === 0 && <Empty>No conversation.</Empty>}
          <ul>
            {conversations.data?.conversations.map((c) => (
              <li class={c._id === conversationId ? 'current' : ''}>
                <button
                  type="button"
                  class="link"
                  onClick={() => open(c._id)}
                  aria-current={c._id === conversationId ? 'true' : undefined}
                >
                  {c.title || 'Untitled'}
                </button>
                <span class="muted">{c.status}</span>
                {canWrite && (
                  <button type="button" class="link" onClick={() => archive(c._id, showArchived)}>
                    {showArchived ? 'Unarchive' : 'Archive'}
                    <span class="sr-only"> {c.title}</span>
                  </button>
                )}
              </li>
            ))}
          </ul>
        </aside>
        <section class="thread" aria-label="Conversation">
          {messages.length === 0 && !streaming && (
            <p class="muted">
              {agent.data?.startMessage ||
                'Ask a question: the agent answers from its pipelines, with citations.'}
            </p>
          )}
          <ol class="messages" aria-live="polite">
            {messages.map((m) =>
              m.messageType === 'user_query' ? (
                <li class="message user">
                  <span class="sr-only">You asked: </span>
                  {m.content}
                </li>
              ) : (
                <li class="message bot">
                  <span class="sr-only">The agent answered: </span>
                  <p>{withCitations(m)}</p>
                  <Citations message={m} />
                  {canAsk && (
                    <div class="message-actions">
                      <button
                        type="button"
                        class="link"
                        onClick={() => feedback(m, true)}
                        aria-pressed={m.feedback.some((f) => f.isHelpful === true)}
                      >
                        Helpful
                      </button>
                      <button
                        type="button"
                        class="link"
                        onClick={() => feedback(m, false)}
                        aria-pressed={m.feedback.some((f) => f.isHelpful === false)}
                      >
                        Not helpful
                      </button>
                      {m === lastBot && !streaming && (
                        <button type="button" class="link" onClick={() => regenerate(m)}>
                          Regenerate
                        </button>
                      )}
                    </div>
                  )}
                </li>
              ),
            )}
            {pending && (
              <li class="message user">
                <span class="sr-only">You asked: </span>
                {pending}
              </li>
            )}
            {streaming && (
              <li class="message bot streaming" aria-busy="true">
                {streaming.step && <p class="muted">{streaming.step}</p>}
                <p>{streaming.text || (streaming.step ? '' : '…')}</p>
              </li>
            )}
          </ol>
          {runError && <Alert>{runError}</Alert>}
          {notice && <Alert kind="info">{notice}</Alert>}
          <ErrorText error={action.error} />
          {canAsk ? (
            <form onSubmit={ask} class="ask">
              <TextArea label="Your question" value={question} onValue={setQuestion} rows={2} />
              <div class="actions">
                {streaming ? (
                  <button type="button" class="danger" onClick={cancel}>
                    Stop answer
                  </button>
                ) : (
                  <button type="submit" disabled={!question.trim()}>
                    Ask
                  </button>
                )}
              </div>
            </form>
          ) : (
            <Alert kind="info">
              This key lacks the agent:execute scope: it can read conversations but not ask.{' '}
              <Link to="/agents">Back to agents</Link>
            </Alert>
          )}
        </section>
      </div>
    </Page>
  );
}
