/** The sealing of what an evaluation keeps of its user's text: its set and each query's outcome, each bound to its row. */
import { Injectable } from '@nestjs/common';
import { ContentCipher, Sealed } from '../crypto/content-cipher';
import { EvaluationSpec, QueryOutcome } from './evaluation-set';
import { OutcomeRow } from './evaluations.repository';

const specAad = (evaluationId: string) => `evaluation:${evaluationId}`;
const outcomeAad = (evaluationId: string, position: number) => `evaluation:${evaluationId}:query:${position}`;

@Injectable()
export class EvaluationCipher {
  constructor(private readonly cipher: ContentCipher) {}

  sealSpec(evaluationId: string, spec: EvaluationSpec): Sealed {
    return this.cipher.seal(JSON.stringify(spec), specAad(evaluationId));
  }

  openSpec(row: { id: string; spec: Buffer; spec_key_id: string }): EvaluationSpec {
    return JSON.parse(
      this.cipher.openText({ data: row.spec, keyId: row.spec_key_id }, specAad(row.id)),
    ) as EvaluationSpec;
  }

  sealOutcome(evaluationId: string, position: number, outcome: QueryOutcome): Sealed {
    return this.cipher.seal(JSON.stringify(outcome), outcomeAad(evaluationId, position));
  }

  openOutcomes(evaluationId: string, stored: OutcomeRow[]): QueryOutcome[] {
    return stored.map(
      (row) =>
        JSON.parse(
          this.cipher.openText(
            { data: row.outcome, keyId: row.outcome_key_id },
            outcomeAad(evaluationId, row.position),
          ),
        ) as QueryOutcome,
    );
  }
}
