import { SourceBlock } from './chat-model';
import { ExtractiveModel, NOTHING_RELEVANT, splitSentences } from './extractive.model';

const REFUNDS =
  'Refunds for annual plans are prorated. Support agents must record the refund reason in the ticket before approving a refund.';
const INVOICES =
  'Invoices are generated on the first day of each month. Finance staff can export invoices as PDF or CSV files from the Billing page.';
const PASSWORD =
  'To reset a password, open Settings, choose Security and select Reset password. A reset link is sent to the registered email address and expires after 30 minutes.';

async function answer(question: string, sources: SourceBlock[], maxSentences = 4): Promise<string> {
  const model = new ExtractiveModel('extractive', maxSentences);
  let text = '';
  const signal = new AbortController().signal;
  for await (const event of model.stream({ messages: [], question, sources, tools: [], signal })) {
    if (event.type === 'text') text += event.delta;
  }
  return text;
}

describe('splitSentences', () => {
  it('splits after sentence ends and at line breaks, dropping list markers and blanks', () => {
    expect(splitSentences('One. Two!  Three?\n- Four\n2) Five\n\n...')).toEqual([
      'One.',
      'Two!',
      'Three?',
      'Four',
      'Five',
    ]);
  });
});

describe('the extractive model', () => {
  it('answers from the retriever’s best fragment, every sentence followed by its marker', async () => {
    const text = await answer('How do customers get their money back?', [
      { marker: 1, text: REFUNDS, relevance: 0.069 },
      { marker: 2, text: INVOICES, relevance: 0.025 },
      { marker: 3, text: PASSWORD, relevance: 0 },
    ]);
    expect(text).toBe(
      'Support agents must record the refund reason in the ticket before approving a refund. [1] ' +
        'Refunds for annual plans are prorated. [1]',
    );
  });

  it('orders sentences by relevance to the question across fragments', async () => {
    const text = await answer('When are invoices generated and how is a refund recorded?', [
      { marker: 1, text: REFUNDS, relevance: 0.2 },
      { marker: 2, text: INVOICES, relevance: 0.2 },
    ]);
    const sentences = text.split(/(?<=\]) /);
    expect(sentences[0]).toBe('Invoices are generated on the first day of each month. [2]');
    expect(sentences.every((s) => /\[[12]\]$/.test(s))).toBe(true);
    expect(sentences.some((s) => s.endsWith('[1]'))).toBe(true);
  });

  it('copies sentences only: every word of the answer is in a source', async () => {
    const text = await answer('How do I reset my password?', [
      { marker: 1, text: PASSWORD, relevance: 0.5 },
      { marker: 2, text: REFUNDS, relevance: 0.05 },
    ]);
    for (const sentence of text.split(/ \[\d+\] ?/).filter(Boolean)) {
      expect(PASSWORD + REFUNDS).toContain(sentence);
    }
    expect(text.startsWith('To reset a password')).toBe(true);
  });

  it('says plainly that nothing relevant was found when the retriever rated every fragment unrelated', async () => {
    expect(
      await answer('How do customers get their money back?', [{ marker: 1, text: PASSWORD, relevance: 0 }]),
    ).toBe(NOTHING_RELEVANT);
    expect(await answer('anything', [])).toBe(NOTHING_RELEVANT);
  });

  it('keeps at most the configured number of sentences', async () => {
    const text = await answer(
      'refund invoices password reset',
      [{ marker: 1, text: `${REFUNDS} ${INVOICES} ${PASSWORD}`, relevance: 0.5 }],
      2,
    );
    expect(text.match(/\[1\]/g)).toHaveLength(2);
  });

  it('stops between sentences when the turn is cancelled', async () => {
    const model = new ExtractiveModel('extractive', 4);
    const controller = new AbortController();
    const deltas: string[] = [];
    const run = async () => {
      for await (const event of model.stream({
        messages: [],
        question: 'refund invoices',
        sources: [{ marker: 1, text: `${REFUNDS} ${INVOICES}`, relevance: 0.5 }],
        tools: [],
        signal: controller.signal,
      })) {
        if (event.type === 'text') deltas.push(event.delta);
        controller.abort(new Error('cancelled'));
      }
    };
    await expect(run()).rejects.toThrow('cancelled');
    expect(deltas).toHaveLength(1);
  });
});
