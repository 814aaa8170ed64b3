import { parseAnswer, questionMessage, systemMessage, titleOf } from './prompt';

describe('parseAnswer', () => {
  const known = new Set([1, 2, 3, 4]);

  it('renumbers the cited sources in order of first citation', () => {
    const parsed = parseAnswer('Refunds are prorated [3]. Invoices are monthly [1]. Again [3].', known);
    expect(parsed.content).toBe('Refunds are prorated [1]. Invoices are monthly [2]. Again [1].');
    expect(parsed.cited).toEqual([3, 1]);
  });

  it('reads grouped markers and leaves unknown ones alone', () => {
    const parsed = parseAnswer('Both [2, 4]. Not a source [9]. Not a marker [x].', known);
    expect(parsed.content).toBe('Both [1][2]. Not a source [9]. Not a marker [x].');
    expect(parsed.cited).toEqual([2, 4]);
  });

  it('takes a trailing confidence line and follow-up lines out of the content', () => {
    const parsed = parseAnswer(
      'Refunds are prorated [1].\n\nConfidence: high\nFollow-up: How are monthly plans refunded?\n**Follow-up:** Who approves refunds?',
      known,
    );
    expect(parsed).toEqual({
      content: 'Refunds are prorated [1].',
      cited: [1],
      confidence: 'High',
      followUps: ['How are monthly plans refunded?', 'Who approves refunds?'],
    });
  });

  it('keeps a line that only starts like a follow-up', () => {
    expect(parseAnswer('Follow up with the customer [1].', known).content).toBe(
      'Follow up with the customer [1].',
    );
  });

  it('reports no confidence and no follow-ups when the model wrote none', () => {
    expect(parseAnswer('Plain answer.', known)).toEqual({
      content: 'Plain answer.',
      cited: [],
      confidence: null,
      followUps: [],
    });
  });
});

describe('the prompt', () => {
  it('numbers the sources and names their pipeline and classification', () => {
    const message = questionMessage('How do refunds work?', [
      { marker: 1, label: 'support-kb · internal', text: 'Refunds are prorated.' },
    ]);
    expect(message).toEqual({
      role: 'user',
      content: 'Sources:\n[1] support-kb · internal\nRefunds are prorated.\n\nQuestion: How do refunds work?',
    });
    expect(questionMessage('q', []).content).toContain('No sources were found.');
  });

  it('starts from the agent’s prompt and instructions, and mentions the tool only when offered', () => {
    const withTools = systemMessage(
      { systemPrompt: 'You are Ada.', instructions: 'Be brief.' },
      { tools: true, user: 'user 0123', timezone: 'Europe/Paris', currentTime: '2026-05-19T12:58:01+02:00' },
    ).content;
    expect(withTools.startsWith('You are Ada.\nBe brief.\n')).toBe(true);
    expect(withTools).toContain('call search_knowledge');
    expect(withTools).toContain('The user asking is user 0123.');
    expect(withTools).toContain("The user's time is 2026-05-19T12:58:01+02:00 Europe/Paris.");
    const without = systemMessage(
      { systemPrompt: '', instructions: null },
      { tools: false, user: null, timezone: null, currentTime: null },
    );
    expect(without.content.startsWith('You are a helpful assistant.')).toBe(true);
    expect(without.content).not.toContain('search_knowledge');
  });
});

describe('titleOf', () => {
  it('is the first question on one line, cut at a word', () => {
    expect(titleOf('  How do customers\nget their money back? ')).toBe(
      'How do customers get their money back?',
    );
    const long = titleOf('word '.repeat(40));
    expect(long.length).toBeLessThanOrEqual(81);
    expect(long.endsWith('word…')).toBe(true);
  });
});
