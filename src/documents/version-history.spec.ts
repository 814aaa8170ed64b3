import { VersionStart } from '../fragments/fragment';
import { visibleExpiry } from './version-history';

const at = (second: number) => new Date(Date.UTC(2025, 0, 1, 0, 0, second));
const version = (n: number, classification: string, second: number): VersionStart => ({
  version: n,
  classification,
  startedAt: at(second),
});

describe('visibleExpiry', () => {
  // public (10) replaced by internal (20), replaced by public (30), replaced by public (40).
  const history = [
    version(1, 'public', 10),
    version(2, 'internal', 20),
    version(3, 'public', 30),
    version(4, 'public', 40),
  ];

  it('keeps the stored expiry for a key that sees everything, and for a live version', () => {
    expect(visibleExpiry(1, at(20), history, null)).toEqual(at(20));
    expect(visibleExpiry(4, null, history, ['public'])).toBeNull();
  });

  it('ends a version replaced by a hidden one when the next visible version began', () => {
    expect(visibleExpiry(1, at(20), history, ['public'])).toEqual(at(30));
  });

  it('keeps the expiry of a version replaced by a visible one', () => {
    expect(visibleExpiry(3, at(40), history, ['public'])).toEqual(at(40));
  });

  it('keeps the time of a delete that came before the hidden version', () => {
    expect(visibleExpiry(1, at(15), history, ['public'])).toEqual(at(15));
  });

  it('keeps the stored expiry when no visible version follows', () => {
    const hiddenLast = [version(1, 'public', 10), version(2, 'internal', 20)];
    expect(visibleExpiry(1, at(20), hiddenLast, ['public'])).toEqual(at(20));
  });
});
