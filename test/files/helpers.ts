/** Files of every format for the upload tests, and the calls they make. */
import { sampleDocx, samplePdf, sampleXlsx, zip, sampleDocxParts } from '../../bench/sample-files';
import { Api, UploadFile } from '../support/http';

/** Limits small enough to reach in a test; every sample below fits them. */
export const FILE_LIMITS_ENV = {
  TROVE_FILES_MAX_BYTES: '300000',
  TROVE_FILES_MAX_REQUEST_BYTES: '400000',
  TROVE_FILES_MAX_PER_REQUEST: '4',
  TROVE_FILES_MAX_PAGES: '5',
  TROVE_FILES_MAX_CHARACTERS: '50000',
  TROVE_FILES_MAX_UNPACKED_BYTES: '1048576',
  TROVE_JOBS_POLL_MS: '100',
};

/** One file of each format, each with a sentence found nowhere else and where it should land. */
export async function everyFormat(): Promise<
  { file: UploadFile; type: string; phrase: string; where: object }[]
> {
  return [
    {
      file: {
        name: 'travel.pdf',
        bytes: samplePdf({
          title: 'Travel handbook',
          pages: [
            ['Trains are booked through the travel portal.'],
            ['Hotels near the venue are reimbursed.'],
          ],
        }),
      },
      type: 'pdf',
      phrase: 'Hotels near the venue are reimbursed.',
      where: { page: 2 },
    },
    {
      file: {
        name: 'onboarding.docx',
        bytes: sampleDocx([
          { text: 'Onboarding', heading: 1 },
          { text: 'Welcome aboard.' },
          { text: 'Equipment', heading: 2 },
          { text: 'Laptops are collected from the helpdesk on day one.' },
        ]),
      },
      type: 'docx',
      phrase: 'Laptops are collected from the helpdesk on day one.',
      where: { section: 'Onboarding > Equipment' },
    },
    {
      file: {
        name: 'staff.xlsx',
        bytes: await sampleXlsx([
          {
            name: 'Teams',
            rows: [
              ['Team', 'Lead'],
              ['Finance', 'Ada'],
            ],
          },
          {
            name: 'Rooms',
            rows: [
              ['Room', 'Floor'],
              ['Aquarium', 'fourth'],
            ],
          },
        ]),
      },
      type: 'xlsx',
      phrase: 'Room: Aquarium\nFloor: fourth',
      where: { sheet: 'Rooms' },
    },
    {
      file: { name: 'offices.csv', bytes: Buffer.from('city,address\nLisbon,"Rua Augusta 12, 3rd floor"\n') },
      type: 'csv',
      phrase: 'city: Lisbon\naddress: Rua Augusta 12, 3rd floor',
      where: {},
    },
    {
      file: { name: 'glossary.tsv', bytes: Buffer.from('term\tmeaning\nSLA\tservice level agreement\n') },
      type: 'tsv',
      phrase: 'term: SLA\nmeaning: service level agreement',
      where: {},
    },
    {
      file: {
        name: 'returns.html',
        bytes: Buffer.from(
          '<html><head><title>Returns</title></head><body><nav>Home | Shop</nav><main><h1>Returns policy</h1>' +
            '<p>Returns are accepted within thirty days of delivery when the receipt is kept, for a refund.</p>' +
            '<h2>Exceptions</h2><p>Gift cards are never refundable, whatever the reason given for the return.</p></main></body></html>',
        ),
      },
      type: 'html',
      phrase: 'Gift cards are never refundable, whatever the reason given for the return.',
      where: { section: 'Returns policy > Exceptions' },
    },
    {
      file: {
        name: 'security.md',
        bytes: Buffer.from('# Security\n\n## Badges\n\nVisitors wear a red badge at all times.\n'),
      },
      type: 'markdown',
      phrase: 'Visitors wear a red badge at all times.',
      where: { section: 'Security > Badges' },
    },
    {
      file: { name: 'printers.json', bytes: Buffer.from(JSON.stringify([{ printer: 'Kyoto', floor: 2 }])) },
      type: 'json',
      phrase: 'printer: Kyoto\nfloor: 2',
      where: {},
    },
    {
      file: { name: 'wifi.txt', bytes: Buffer.from('The guest wifi password changes every Monday.\n') },
      type: 'text',
      phrase: 'The guest wifi password changes every Monday.',
      where: {},
    },
  ];
}

/** Files Trove must refuse, with the reason it must give. */
export function malformedFiles(): { file: UploadFile; reason: string }[] {
  const bombParts = {
    ...sampleDocxParts([{ text: 'x' }]),
    'word/media/padding.bin': new Uint8Array(2 * 1024 * 1024),
  };
  return [
    {
      file: { name: 'locked.pdf', bytes: samplePdf({ pages: [['secret']], encrypted: true }) },
      reason: 'it is an encrypted PDF that needs a password; upload it without protection',
    },
    {
      file: { name: 'cut.pdf', bytes: samplePdf({ pages: [['text']] }).subarray(0, 100) },
      reason: 'it is not a valid PDF: it is corrupt or truncated',
    },
    {
      file: { name: 'blank.pdf', bytes: samplePdf({ pages: ['blank'] }) },
      reason: 'it is a PDF without any text',
    },
    {
      file: { name: 'scan.pdf', bytes: samplePdf({ pages: ['image'] }) },
      reason:
        'it is a scanned or image-only PDF: its pages hold images but no text layer (Trove does not run OCR)',
    },
    {
      file: {
        name: 'long.pdf',
        bytes: samplePdf({ pages: Array.from({ length: 6 }, (_, i) => [`page ${i}`]) }),
      },
      reason: 'it has 6 pages, more than the 5 one file may have',
    },
    {
      file: { name: 'bomb.docx', bytes: zip(bombParts) },
      reason: 'it unpacks to more than 1048576 bytes, the most a DOCX or XLSX may unpack to (a ZIP bomb?)',
    },
    {
      file: { name: 'report.pdf', bytes: Buffer.from('Not a PDF at all, just text.') },
      reason: 'its name (.pdf) says PDF, but its bytes are text',
    },
    { file: { name: 'nothing.txt', bytes: Buffer.alloc(0) }, reason: 'it is empty' },
    {
      file: { name: 'wordy.txt', bytes: Buffer.from('word '.repeat(12_000)) },
      reason: 'it holds more than 50000 characters of text, the most one file may hold',
    },
  ];
}

export const filesPath = (pipelineId: string) => `/pipelines/${pipelineId}/files`;

export async function documentCount(api: Api, pipelineId: string): Promise<number> {
  const response = await api.get(`/pipelines/${pipelineId}/documents?limit=1000`);
  return response.body.data.length;
}

export async function pendingCount(api: Api, pipelineId: string): Promise<number> {
  return (await api.get(`${filesPath(pipelineId)}?limit=1000`)).body.data.length;
}
