/**
 * A pipeline's classifications and their inheritance, drawn as a layered graph (an
 * arrow from `a` down to `b` when `a` inherits `b`) and edited with plain controls, so
 * the keyboard does everything the mouse does. Cycles are for the API to refuse: its
 * message is shown by whoever saves.
 */
import { useState } from 'preact/hooks';
import type { Classifications } from '../api/types';
import { Field, Select } from '../components';

const NODE_W = 140;
const NODE_H = 34;
const GAP_X = 24;
const GAP_Y = 56;

/** Each name's layer: 0 for names nobody inherits, else one below its lowest heir (bounded on cycles). */
function layers(value: Classifications): Map<string, number> {
  const layer = new Map(value.classifications.map((name) => [name, 0]));
  for (let round = 0; round < value.classifications.length; round++) {
    let changed = false;
    for (const [heir, inherited] of value.hierarchy) {
      const next = (layer.get(heir) ?? 0) + 1;
      if (layer.has(inherited) && next > (layer.get(inherited) ?? 0) && next < value.classifications.length) {
        layer.set(inherited, next);
        changed = true;
      }
    }
    if (!changed) break;
  }
  return layer;
}

export function HierarchyGraph(props: { value: Classifications }) {
  const layer = layers(props.value);
  const rows: string[][] = [];
  for (const name of props.value.classifications) (rows[layer.get(name) ?? 0] ??= []).push(name);
  const widest = Math.max(1, ...rows.map((row) => row?.length ?? 0));
  const width = widest * (NODE_W + GAP_X) + GAP_X;
  const height = Math.max(1, rows.length) * (NODE_H + GAP_Y) + GAP_Y / 2;
  const position = new Map<string, { x: number; y: number }>();
  rows.forEach((row, y) =>
    (row ?? []).forEach((name, x) => {
      const offset = (width - row.length * (NODE_W + GAP_X) + GAP_X) / 2;
      position.set(name, { x: offset + x * (NODE_W + GAP_X), y: GAP_Y / 2 + y * (NODE_H + GAP_Y) });
    }),
  );
  const description =
    props.value.hierarchy.length === 0
      ? `Classifications ${props.value.classifications.join(', ')}; none inherits another.`
      : props.value.hierarchy.map(([a, b]) => `${a} inherits ${b}`).join('; ');
  return (
    <svg
      class="graph"
      viewBox={`0 0 ${width} ${height}`}
      width={width}
      height={height}
      role="img"
      aria-label={`Classification hierarchy: ${description}`}
    >
      <defs>
        <marker
          id="arrow"
          viewBox="0 0 10 10"
          refX="10"
          refY="5"
          markerWidth="8"
          markerHeight="8"
          orient="auto"
        >
          <path d="M0,0 L10,5 L0,10 z" class="arrow-head" />
        </marker>
      </defs>
      {props.value.hierarchy.map(([a, b]) => {
        const from = position.get(a);
        const to = position.get(b);
        if (!from || !to) return null;
        const upward = to.y <= from.y;
        return (
          <line
            class={upward ? 'edge edge-back' : 'edge'}
            x1={from.x + NODE_W / 2}
            y1={from.y + (upward ? 0 : NODE_H)}
            x2={to.x + NODE_W / 2}
            y2={to.y + (upward ? NODE_H : 0)}
            marker-end="url(#arrow)"
          />
        );
      })}
      {[...position.entries()].map(([name, { x, y }]) => (
        <g class="node">
          <rect x={x} y={y} width={NODE_W} height={NODE_H} rx={8} />
          <text x={x + NODE_W / 2} y={y + NODE_H / 2 + 5} text-anchor="middle">
            {name.length > 18 ? `${name.slice(0, 17)}…` : name}
          </text>
        </g>
      ))}
    </svg>
  );
}

/** The graph plus controls to add and remove names and inheritance pairs (when `onChange` is given). */
export function HierarchyEditor(props: {
  value: Classifications;
  onChange?: (value: Classifications) => void;
}) {
  const { value, onChange } = props;
  const [name, setName] = useState('');
  const [heir, setHeir] = useState('');
  const [inherited, setInherited] = useState('');
  const names = value.classifications;
  const pickHeir = heir && names.includes(heir) ? heir : (names[0] ?? '');
  const pickInherited = inherited && names.includes(inherited) ? inherited : (names[1] ?? names[0] ?? '');

  const addName = (event: Event) => {
    event.preventDefault();
    const trimmed = name.trim();
    if (!trimmed || names.includes(trimmed) || !onChange) return;
    onChange({ ...value, classifications: [...names, trimmed] });
    setName('');
  };
  const removeName = (gone: string) =>
    onChange?.({
      classifications: names.filter((n) => n !== gone),
      hierarchy: value.hierarchy.filter(([a, b]) => a !== gone && b !== gone),
    });
  const addPair = (event: Event) => {
    event.preventDefault();
    if (!onChange || !pickHeir || !pickInherited) return;
    if (value.hierarchy.some(([a, b]) => a === pickHeir && b === pickInherited)) return;
    onChange({ ...value, hierarchy: [...value.hierarchy, [pickHeir, pickInherited]] });
  };
  const removePair = (index: number) =>
    onChange?.({ ...value, hierarchy: value.hierarchy.filter((_, i) => i !== index) });

  return (
    <div class="hierarchy">
      <div class="graph-frame">
        <HierarchyGraph value={value} />
      </div>
      <div class="hierarchy-lists">
        <div>
          <h3>Classifications</h3>
          <ul class="chips">
            {names.map((n) => (
              <li class="chip">
                {n}
                {onChange && (
                  <button
                    type="button"
                    class="link"
                    aria-label={`Remove classification ${n}`}
                    onClick={() => removeName(n)}
                  >
                    ×
                  </button>
                )}
              </li>
            ))}
          </ul>
          {onChange && (
            <form class="inline" onSubmit={addName}>
              <Field label="New classification" value={name} onValue={setName} maxLength={200} />
              <button type="submit" class="secondary">
                Add classification
              </button>
            </form>
          )}
        </div>
        <div>
          <h3>Inheritance</h3>
          {value.hierarchy.length === 0 && <p class="muted">No classification inherits another.</p>}
          <ul class="pairs">
            {value.hierarchy.map(([a, b], i) => (
              <li>
                <strong>{a}</strong> inherits <strong>{b}</strong>
                {onChange && (
                  <button
                    type="button"
                    class="link"
                    aria-label={`Remove: ${a} inherits ${b}`}
                    onClick={() => removePair(i)}
                  >
                    Remove
                  </button>
                )}
              </li>
            ))}
          </ul>
          {onChange && names.length > 0 && (
            <form class="inline" onSubmit={addPair}>
              <Select label="Classification" value={pickHeir} options={names} onValue={setHeir} />
              <span class="inherits">inherits</span>
              <Select
                label="Inherited classification"
                value={pickInherited}
                options={names}
                onValue={setInherited}
              />
              <button type="submit" class="secondary">
                Add inheritance
              </button>
            </form>
          )}
        </div>
      </div>
    </div>
  );
}
