import { sameJson, setCondition } from './conditions';
import type { Condition } from './crds';

const t0 = new Date('2026-01-01T00:00:00Z');
const t1 = new Date('2026-01-01T00:05:00Z');

describe('setCondition', () => {
  const ready = (status: 'True' | 'False', reason: string, observedGeneration = 1) => ({
    type: 'Ready',
    status,
    reason,
    message: reason,
    observedGeneration,
  });

  it('stamps a new condition with the current time', () => {
    expect(setCondition(undefined, ready('False', 'PipelineNotReady'), t0)).toEqual([
      { ...ready('False', 'PipelineNotReady'), lastTransitionTime: t0.toISOString() },
    ]);
  });

  it('keeps lastTransitionTime while the status stays, whatever else changes', () => {
    const first = setCondition(undefined, ready('False', 'PipelineNotReady'), t0);
    const second = setCondition(first, ready('False', 'TroveError', 2), t1);
    expect(second).toEqual([{ ...ready('False', 'TroveError', 2), lastTransitionTime: t0.toISOString() }]);
  });

  it('moves lastTransitionTime when the status flips', () => {
    const first = setCondition(undefined, ready('False', 'PipelineNotReady'), t0);
    expect(setCondition(first, ready('True', 'Reconciled'), t1)[0].lastTransitionTime).toBe(t1.toISOString());
  });

  it('leaves other condition types alone', () => {
    const other: Condition = {
      type: 'Degraded',
      status: 'False',
      reason: 'Fine',
      message: '',
      lastTransitionTime: t0.toISOString(),
    };
    expect(setCondition([other], ready('True', 'Reconciled'), t1).map((c) => c.type)).toEqual([
      'Degraded',
      'Ready',
    ]);
  });
});

describe('sameJson', () => {
  it('ignores key order and undefined members', () => {
    expect(sameJson({ a: 1, b: { c: 2, d: undefined } }, { b: { c: 2 }, a: 1 })).toBe(true);
    expect(sameJson({ a: [1, 2] }, { a: [2, 1] })).toBe(false);
  });
});
