/** Small building blocks every page shares: labelled fields, alerts, buttons, badges. */
import type { ComponentChildren, JSX } from 'preact';
import { useEffect, useId, useRef, useState } from 'preact/hooks';
import type { PageInfo } from './api/types';

export function Page(props: { title: string; actions?: ComponentChildren; children: ComponentChildren }) {
  return (
    <section class="page" aria-labelledby="page-title">
      <header class="page-head">
        <h1 id="page-title" tabIndex={-1}>
          {props.title}
        </h1>
        {props.actions && <div class="actions">{props.actions}</div>}
      </header>
      {props.children}
    </section>
  );
}

export function Panel(props: { title: string; children: ComponentChildren; actions?: ComponentChildren }) {
  const id = useId();
  return (
    <section class="panel" aria-labelledby={id}>
      <header class="panel-head">
        <h2 id={id}>{props.title}</h2>
        {props.actions && <div class="actions">{props.actions}</div>}
      </header>
      {props.children}
    </section>
  );
}

type InputProps = Omit<JSX.InputHTMLAttributes<HTMLInputElement>, 'value'> & {
  label: string;
  hint?: string;
  value?: string | number;
  onValue?: (value: string) => void;
};

/** A text-like input with its label (and hint, linked by aria-describedby). */
export function Field({ label, hint, onValue, ...rest }: InputProps) {
  const id = useId();
  return (
    <div class="field">
      <label for={id}>{label}</label>
      <input
        id={id}
        aria-describedby={hint ? `${id}-hint` : undefined}
        onInput={(e) => onValue?.((e.target as HTMLInputElement).value)}
        {...rest}
      />
      {hint && (
        <small id={`${id}-hint`} class="hint">
          {hint}
        </small>
      )}
    </div>
  );
}

export function TextArea(props: {
  label: string;
  value: string;
  onValue: (value: string) => void;
  rows?: number;
  hint?: string;
  required?: boolean;
  placeholder?: string;
}) {
  const id = useId();
  return (
    <div class="field">
      <label for={id}>{props.label}</label>
      <textarea
        id={id}
        rows={props.rows ?? 4}
        value={props.value}
        required={props.required}
        placeholder={props.placeholder}
        aria-describedby={props.hint ? `${id}-hint` : undefined}
        onInput={(e) => props.onValue((e.target as HTMLTextAreaElement).value)}
      />
      {props.hint && (
        <small id={`${id}-hint`} class="hint">
          {props.hint}
        </small>
      )}
    </div>
  );
}

export function Select<T extends string>(props: {
  label: string;
  value: T;
  options: readonly (T | { value: T; label: string })[];
  onValue: (value: T) => void;
  hint?: string;
}) {
  const id = useId();
  return (
    <div class="field">
      <label for={id}>{props.label}</label>
      <select
        id={id}
        value={props.value}
        aria-describedby={props.hint ? `${id}-hint` : undefined}
        onChange={(e) => props.onValue((e.target as HTMLSelectElement).value as T)}
      >
        {props.options.map((option) =>
          typeof option === 'string' ? (
            <option value={option}>{option}</option>
          ) : (
            <option value={option.value}>{option.label}</option>
          ),
        )}
      </select>
      {props.hint && (
        <small id={`${id}-hint`} class="hint">
          {props.hint}
        </small>
      )}
    </div>
  );
}

export function Check(props: { label: string; checked: boolean; onValue: (checked: boolean) => void }) {
  const id = useId();
  return (
    <div class="check">
      <input
        id={id}
        type="checkbox"
        checked={props.checked}
        onChange={(e) => props.onValue((e.target as HTMLInputElement).checked)}
      />
      <label for={id}>{props.label}</label>
    </div>
  );
}

export function Alert(props: { children: ComponentChildren; kind?: 'error' | 'ok' | 'info' }) {
  const kind = props.kind ?? 'error';
  return (
    <div class={`alert alert-${kind}`} role={kind === 'error' ? 'alert' : 'status'}>
      {props.children}
    </div>
  );
}

export function ErrorText(props: { error: string | null }) {
  return props.error ? <Alert>{props.error}</Alert> : null;
}

export function Loading(props: { what?: string }) {
  return (
    <p class="muted" role="status">
      Loading{props.what ? ` ${props.what}` : ''}…
    </p>
  );
}

export function Empty(props: { children: ComponentChildren }) {
  return <p class="empty">{props.children}</p>;
}

/** Keyset paging of a list: the next page from its `after` cursor, and back to the first. */
export function Pager(props: {
  pageInfo: PageInfo | undefined;
  after: string | undefined;
  onAfter: (after: string | undefined) => void;
}) {
  return (
    <>
      {props.pageInfo?.has_next && (
        <button
          type="button"
          class="secondary"
          onClick={() => props.onAfter(props.pageInfo!.after ?? undefined)}
        >
          Next page
        </button>
      )}
      {props.after && (
        <button type="button" class="secondary" onClick={() => props.onAfter(undefined)}>
          First page
        </button>
      )}
    </>
  );
}

/**
 * A list's table: scrolls sideways on a narrow screen, named for screen readers by its
 * (visually hidden) caption, one column header per entry of `columns`; the rows are
 * the children.
 */
export function Table(props: { caption: string; columns: string[]; children: ComponentChildren }) {
  return (
    <div class="table-wrap">
      <table>
        <caption class="sr-only">{props.caption}</caption>
        <thead>
          <tr>
            {props.columns.map((column) => (
              <th scope="col">{column}</th>
            ))}
          </tr>
        </thead>
        <tbody>{props.children}</tbody>
      </table>
    </div>
  );
}

export function Badge(props: { children: ComponentChildren; tone?: 'ok' | 'warn' | 'bad' | 'plain' }) {
  return <span class={`badge badge-${props.tone ?? 'plain'}`}>{props.children}</span>;
}

/**
 * A button for what cannot be undone (delete, expire): the first press asks, inline,
 * and only "Yes" acts; "Cancel" or Escape takes the question back. `label` is the
 * visible verb, `what` the object, which screen readers hear with both.
 */
export function ConfirmButton(props: { label: string; what: string; onConfirm: () => void }) {
  const [asking, setAsking] = useState(false);
  if (!asking)
    return (
      <button type="button" class="danger" onClick={() => setAsking(true)}>
        {props.label}
        <span class="sr-only"> {props.what}</span>
      </button>
    );
  const done = (confirmed: boolean) => {
    setAsking(false);
    if (confirmed) props.onConfirm();
  };
  return (
    <span class="confirm" role="group" aria-label={`${props.label} ${props.what}?`}>
      <span aria-hidden="true">{props.label}?</span>
      <button
        type="button"
        class="danger"
        aria-label={`Yes, ${props.label.toLowerCase()} ${props.what}`}
        autoFocus
        onClick={() => done(true)}
        onKeyDown={(e) => e.key === 'Escape' && done(false)}
      >
        Yes
      </button>
      <button type="button" class="secondary" onClick={() => done(false)}>
        Cancel
      </button>
    </span>
  );
}

/**
 * A modal question before a consequential step (rotating a secret): the browser's own
 * `<dialog>`, so focus stays inside it and Escape cancels, named by its title and
 * described by its text. Cancel has the focus: Enter alone never confirms.
 */
export function ConfirmDialog(props: {
  title: string;
  confirm: string;
  children: ComponentChildren;
  onClose: (confirmed: boolean) => void;
}) {
  const dialog = useRef<HTMLDialogElement>(null);
  const id = useId();
  useEffect(() => {
    dialog.current?.showModal();
  }, []);
  return (
    <dialog
      ref={dialog}
      class="dialog"
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-text`}
      onCancel={(e) => (e.preventDefault(), props.onClose(false))}
    >
      <h2 id={`${id}-title`}>{props.title}</h2>
      <div id={`${id}-text`}>{props.children}</div>
      <div class="actions">
        <button type="button" class="danger" onClick={() => props.onClose(true)}>
          {props.confirm}
        </button>
        <button type="button" class="secondary" autoFocus onClick={() => props.onClose(false)}>
          Cancel
        </button>
      </div>
    </dialog>
  );
}

/** Copies `text` to the clipboard and says so (politely, for screen readers too). */
export function CopyButton(props: { text: string; label?: string }) {
  const [done, setDone] = useState<string | null>(null);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(props.text);
      setDone('Copied');
    } catch {
      setDone('Copy failed: select the text and copy it');
    }
    setTimeout(() => setDone(null), 2500);
  };
  return (
    <span class="copy">
      <button type="button" class="secondary" onClick={copy}>
        {props.label ?? 'Copy'}
      </button>
      <span role="status" class="muted">
        {done ?? ''}
      </span>
    </span>
  );
}

/** A code block with a copy button. */
export function CodeBlock(props: { label: string; code: string }) {
  return (
    <figure class="code">
      <figcaption>
        <span>{props.label}</span>
        <CopyButton text={props.code} label={`Copy ${props.label}`} />
      </figcaption>
      <pre tabIndex={0} aria-label={props.label}>
        <code>{props.code}</code>
      </pre>
    </figure>
  );
}

/** `1 document`, `3 documents`. */
export const countOf = (n: number, noun: string) => `${n.toLocaleString()} ${noun}${n === 1 ? '' : 's'}`;

export const formatTime = (iso: string | null | undefined) => (iso ? new Date(iso).toLocaleString() : '—');

/** A version is microseconds since the epoch: shown as the time it names. */
export const formatVersion = (version: number) => new Date(Math.floor(version / 1000)).toLocaleString();

export function MetadataList(props: { metadata: Record<string, unknown> }) {
  const entries = Object.entries(props.metadata);
  if (entries.length === 0) return <span class="muted">no metadata</span>;
  return (
    <dl class="metadata">
      {entries.map(([key, value]) => (
        <div>
          <dt>{key}</dt>
          <dd>{typeof value === 'string' ? value : JSON.stringify(value)}</dd>
        </div>
      ))}
    </dl>
  );
}
