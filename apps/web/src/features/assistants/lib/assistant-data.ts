import { type Assistant, AssistantPatchRequest, DEFAULT_MODEL, TEMPERATURE } from '@otklik/contract';

/** The data form of spec §2.7/§2.8 (title is the server's `name`, gptModel its `model`). */
export interface AssistantData {
  title: string;
  role: string;
  instructions: string;
  temperature: number;
  gptModel: string;
}

export type DataErrors = Partial<Record<keyof AssistantData, string>>;

export const EMPTY_DATA: AssistantData = {
  title: '',
  role: '',
  instructions: '',
  temperature: TEMPERATURE.default,
  gptModel: DEFAULT_MODEL,
};

export const dataFromAssistant = (a: Assistant): AssistantData => ({
  title: a.name,
  role: a.role,
  instructions: a.instructions,
  temperature: a.temperature,
  gptModel: a.model,
});

/** Checks the values with the server's own schema; the errors are keyed by field. */
export function validateData(
  values: AssistantData,
): { ok: true; data: AssistantData } | { ok: false; errors: DataErrors } {
  const parsed = AssistantPatchRequest.safeParse(values);
  if (parsed.success) return { ok: true, data: { ...values, ...parsed.data } as AssistantData };
  const errors: DataErrors = {};
  for (const issue of parsed.error.issues) {
    const key = issue.path[0] as keyof AssistantData | undefined;
    if (key && !errors[key]) errors[key] = issue.message;
  }
  return { ok: false, errors };
}

export const sameData = (a: AssistantData, b: AssistantData) =>
  a.title === b.title &&
  a.role === b.role &&
  a.instructions === b.instructions &&
  a.temperature === b.temperature &&
  a.gptModel === b.gptModel;
