import { DomainError, ErrorCode } from '../common/errors';
import { expandClassifications, findCycle, normalizeClassifications } from './classification-hierarchy';
import { PipelineErrorReason } from './pipeline-errors';

describe('classification hierarchy', () => {
  it('sorts classifications and pairs the way GET and MCP return them', () => {
    expect(
      normalizeClassifications(
        ['public', 'internal', 'secret'],
        [
          ['secret', 'internal'],
          ['internal', 'public'],
        ],
      ),
    ).toEqual({
      classifications: ['internal', 'public', 'secret'],
      hierarchy: [
        ['internal', 'public'],
        ['secret', 'internal'],
      ],
    });
  });

  it.each([
    [['a', 'a'], [], "classifications[1]: 'a' is listed twice"],
    [['a'], [['a', 'b']], "hierarchy[0][1]: 'b' is not one of the pipeline's classifications"],
    [['a'], [['a', 'a']], "hierarchy[0]: 'a' cannot inherit itself"],
    [
      ['a', 'b'],
      [
        ['a', 'b'],
        ['a', 'b'],
      ],
      "hierarchy[1]: the pair ['a', 'b'] is listed twice",
    ],
    [
      ['a', 'b', 'c'],
      [
        ['a', 'b'],
        ['b', 'c'],
        ['c', 'a'],
      ],
      'hierarchy: the pairs form a cycle (a -> b -> c -> a)',
    ],
  ] as [string[], [string, string][], string][])('refuses %j / %j', (names, pairs, message) => {
    expect(() => normalizeClassifications(names, pairs)).toThrow(
      new DomainError(PipelineErrorReason.InvalidDefinition, ErrorCode.InvalidArgument, message),
    );
  });

  it('finds no cycle in a diamond', () => {
    expect(
      findCycle([
        ['a', 'b'],
        ['a', 'c'],
        ['b', 'd'],
        ['c', 'd'],
      ]),
    ).toBeNull();
  });

  const defined = normalizeClassifications(
    ['public', 'internal', 'secret', 'other'],
    [
      ['internal', 'public'],
      ['secret', 'internal'],
    ],
  );

  it('expands transitively when hierarchical', () => {
    expect(expandClassifications(['secret'], defined, 'hierarchical')).toEqual([
      'internal',
      'public',
      'secret',
    ]);
    expect(expandClassifications(['public'], defined, 'hierarchical')).toEqual(['public']);
  });

  it('does not expand when exact, and ignores unknown names', () => {
    expect(expandClassifications(['secret', 'nope'], defined, 'exact')).toEqual(['secret']);
    expect(expandClassifications(['nope'], defined, 'hierarchical')).toEqual([]);
    expect(expandClassifications([], defined, 'hierarchical')).toEqual([]);
  });
});
