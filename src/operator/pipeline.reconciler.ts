/**
 * Pipeline → a Trove pipeline. The resource's status records the Trove id it owns,
 * so every reconcile updates that pipeline in place, and deletion removes it.
 */
import type { ReconcileResult } from './reconcile-loop';
import { PIPELINE, type Pipeline } from './crds';
import { callTrove, ResourceReconciler, SpecError } from './resource-reconciler';
import type { DesiredPipeline } from './trove-gateway';

export class PipelineReconciler extends ResourceReconciler<Pipeline> {
  readonly kind = 'Pipeline';
  protected readonly resource = PIPELINE;

  protected async sync(pipeline: Pipeline, signal: AbortSignal): Promise<ReconcileResult> {
    const desired = desiredPipeline(pipeline);
    signal.throwIfAborted();
    const { id } = await callTrove('ensuring the Trove pipeline', () =>
      this.deps.gateway.ensurePipeline(desired, pipeline.status?.pipelineId),
    );
    await this.setStatus(
      pipeline,
      { status: 'True', reason: 'Reconciled', message: `Trove pipeline ${id} matches the spec` },
      { pipelineId: id },
    );
    return {};
  }

  protected async finalize(pipeline: Pipeline, signal: AbortSignal): Promise<void> {
    const id = pipeline.status?.pipelineId;
    if (!id) return;
    signal.throwIfAborted();
    await callTrove('deleting the Trove pipeline', () => this.deps.gateway.deletePipeline(id));
  }
}

/** The spec in Trove's terms. The CRD schema validates too; this guards against a looser one. */
export function desiredPipeline(pipeline: Pipeline): DesiredPipeline {
  const spec = pipeline.spec ?? ({} as Partial<Pipeline['spec']>);
  const models = spec.embeddingModels ?? [];
  if (!Array.isArray(models)) throw new SpecError('spec.embeddingModels must be a list');
  models.forEach((model, i) => {
    if (!model?.name || !model.provider)
      throw new SpecError(`spec.embeddingModels[${i}] needs a name and a provider`);
    if (!Number.isInteger(model.size) || model.size <= 0) {
      throw new SpecError(`spec.embeddingModels[${i}].size must be a positive integer`);
    }
  });
  const classifications = spec.classifications ?? [];
  if (!Array.isArray(classifications) || classifications.some((c) => typeof c !== 'string')) {
    throw new SpecError('spec.classifications must be a list of names');
  }
  const hierarchy = spec.hierarchy ?? [];
  if (!Array.isArray(hierarchy) || hierarchy.some((pair) => !Array.isArray(pair) || pair.length !== 2)) {
    throw new SpecError('spec.hierarchy must be a list of [classification, inherited classification] pairs');
  }
  return {
    name: spec.name?.trim() || pipeline.metadata.name,
    description: spec.description ?? '',
    embeddingModels: models.map((m) => ({
      name: m.name,
      provider: m.provider,
      size: m.size,
      parameters: m.parameters ?? {},
    })),
    textSplitter: spec.textSplitter
      ? { provider: spec.textSplitter.provider, parameters: spec.textSplitter.parameters ?? {} }
      : null,
    fullTextSearch: spec.fullTextSearch ?? false,
    classifications,
    hierarchy: hierarchy.map(([a, b]) => [a, b] as [string, string]),
  };
}
