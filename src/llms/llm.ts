/** An LLM as LlmsService hands it to other modules (agents name, pick and show LLMs). */
export interface Llm {
  id: string;
  name: string;
  provider: string;
  /** The model the provider is asked for (null: the provider's own default). */
  model: string | null;
  /** The organisation's default LLM: agents without models answer with it. */
  isDefault: boolean;
}
