import type { Config } from '@kainga/platform';
import OpenAI from 'openai';

export interface OpenAiValuer {
  client: OpenAI;
  model: string;
}

/** The AI valuer when OPENAI_API_KEY is set (any OpenAI-compatible OPENAI_BASE_URL), else null. */
export function openAiFrom(config: Pick<Config, 'OPENAI_API_KEY' | 'OPENAI_BASE_URL' | 'OPENAI_MODEL'>): OpenAiValuer | null {
  if (!config.OPENAI_API_KEY) return null;
  return { client: new OpenAI({ apiKey: config.OPENAI_API_KEY, baseURL: config.OPENAI_BASE_URL }), model: config.OPENAI_MODEL };
}
