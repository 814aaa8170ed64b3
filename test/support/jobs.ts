/** Background ingestion jobs (`POST .../documents?async=true`) seen from the tests. */
import { Api } from './http';
import { waitFor } from './wait';

/** Polls GET /jobs/{id} until the job succeeded or failed; returns the job as answered then. */
export function waitForJob(api: Api, id: string, timeoutMs = 60_000): Promise<any> {
  return waitFor(
    `job ${id} to finish`,
    async () => {
      const job = (await api.get(`/jobs/${id}`)).body;
      return (job.state === 'succeeded' || job.state === 'failed') && job;
    },
    { timeoutMs, intervalMs: 100 },
  );
}

/** `n` documents of a job, `<prefix> document number <i> about ledgers`, with external ids `<prefix>-<i>`. */
export const documentsOf = (n: number, prefix: string, classification = 'public') =>
  Array.from({ length: n }, (_, i) => ({
    content: `${prefix} document number ${i} about ledgers`,
    classification,
    external_id: `${prefix}-${i}`,
  }));
