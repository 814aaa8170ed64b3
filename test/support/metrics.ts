/** Reads Prometheus counters from a Trove's /metrics. */
import { Api } from './http';

/** A counter's value, summed over the label sets that contain `labels` (e.g. `limit="total"`). */
export async function counterValue(api: Api, name: string, labels = ''): Promise<number> {
  const text = (await api.as(null).get('/metrics')).text;
  return text
    .split('\n')
    .filter((line) => line.startsWith(`${name} `) || line.startsWith(`${name}{`))
    .filter((line) => labels === '' || line.slice(name.length).split(' ')[0].includes(labels))
    .reduce((sum, line) => sum + Number(line.split(' ').pop()), 0);
}
