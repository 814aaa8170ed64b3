import { BlockCollector } from './block-collector';
import { readMarkdown } from './markdown.parser';

function blocks(markdown: string) {
  const collector = new BlockCollector(1_000_000);
  readMarkdown(markdown, collector);
  return collector.finish().blocks;
}

describe('readMarkdown', () => {
  it('makes one block per heading, with the heading path as its section', () => {
    expect(
      blocks(
        [
          'Preface without a heading.',
          '',
          '# Expense policy',
          'Reports are reviewed weekly.',
          '## Travel',
          'Trains before planes.',
          '### Hotels',
          'Three stars at most.',
          '## Meals',
          'Receipts always.',
          '# Security',
          'Badges at all times.',
        ].join('\n'),
      ),
    ).toEqual([
      { text: 'Preface without a heading.', metadata: {} },
      { text: '# Expense policy\nReports are reviewed weekly.', metadata: { section: 'Expense policy' } },
      { text: '## Travel\nTrains before planes.', metadata: { section: 'Expense policy > Travel' } },
      { text: '### Hotels\nThree stars at most.', metadata: { section: 'Expense policy > Travel > Hotels' } },
      { text: '## Meals\nReceipts always.', metadata: { section: 'Expense policy > Meals' } },
      { text: '# Security\nBadges at all times.', metadata: { section: 'Security' } },
    ]);
  });

  it('reads setext headings and inline markup in titles, and skips levels cleanly', () => {
    expect(blocks('Guide\n=====\n\nIntro.\n\n### **Deep** `tip`\n\nText.\n')).toEqual([
      { text: 'Guide\n=====\n\nIntro.', metadata: { section: 'Guide' } },
      { text: '### **Deep** `tip`\n\nText.', metadata: { section: 'Guide > Deep tip' } },
    ]);
  });

  it('does not take a # inside a code fence, a list or a quote for a heading', () => {
    const text = '# Setup\n\n```bash\n# install it\nnpm ci\n```\n\n> # quoted\n\n- # in a list\n';
    expect(blocks(text)).toEqual([{ text: text.trim(), metadata: { section: 'Setup' } }]);
  });

  it('leaves out a heading with nothing under it but its subheadings', () => {
    expect(blocks('# Part one\n\n## Chapter\n\nWords.\n')).toEqual([
      { text: '## Chapter\n\nWords.', metadata: { section: 'Part one > Chapter' } },
    ]);
  });
});
