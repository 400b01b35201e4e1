// The configured providers, in fallback order: A (OpenAI-compatible) then B (Gemini).
import type { Config } from '../../config.js'
import { createGeminiProvider } from './provider-gemini.js'
import { createOpenAiProvider } from './provider-openai.js'
import type { LlmProvider } from './types.js'

type ProviderConfig = Pick<Config, 'LLM_PROVIDER_A_API_KEY' | 'LLM_PROVIDER_A_BASE_URL' | 'LLM_PROVIDER_A_MODEL' | 'LLM_PROVIDER_B_API_KEY' | 'LLM_PROVIDER_B_BASE_URL' | 'LLM_PROVIDER_B_MODEL'>

export function providersFromConfig (c: ProviderConfig): LlmProvider[] {
  const list: LlmProvider[] = []
  if (c.LLM_PROVIDER_A_API_KEY) list.push(createOpenAiProvider({ apiKey: c.LLM_PROVIDER_A_API_KEY, baseUrl: c.LLM_PROVIDER_A_BASE_URL, model: c.LLM_PROVIDER_A_MODEL }))
  if (c.LLM_PROVIDER_B_API_KEY) list.push(createGeminiProvider({ apiKey: c.LLM_PROVIDER_B_API_KEY, baseUrl: c.LLM_PROVIDER_B_BASE_URL, model: c.LLM_PROVIDER_B_MODEL }))
  return list
}
