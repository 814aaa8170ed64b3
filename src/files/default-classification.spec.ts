import { defaultClassification } from './default-classification';

describe('the classification of an upload that names none', () => {
  const support = {
    classifications: ['internal', 'public'],
    hierarchy: [['internal', 'public']] as [string, string][],
  };

  it('is the narrowest audience: the classification no other one inherits', () => {
    expect(defaultClassification({ ...support, allowed: null })).toEqual({ classification: 'internal' });
  });

  it('is the only one the key may write, even a wide one', () => {
    expect(defaultClassification({ ...support, allowed: ['public'] })).toEqual({ classification: 'public' });
  });

  it('follows inheritance transitively', () => {
    const chain = {
      classifications: ['public', 'internal', 'secret'],
      hierarchy: [
        ['secret', 'internal'],
        ['internal', 'public'],
      ] as [string, string][],
      allowed: ['secret', 'public'],
    };
    expect(defaultClassification(chain)).toEqual({ classification: 'secret' });
  });

  it('asks the caller to choose between unrelated classifications', () => {
    const result = defaultClassification({
      classifications: ['hr', 'finance'],
      hierarchy: [],
      allowed: null,
    });
    expect(result).toEqual({
      problem:
        'classification: the pipeline has several classifications this key may write (hr, finance); pass the one the document should have',
    });
  });

  it('says so when the key may write none', () => {
    expect(defaultClassification({ ...support, allowed: ['other'] })).toEqual({
      problem: 'classification: this key may write no classification of the pipeline',
    });
  });
});
