import { CorrectAnswer } from '@otklik/contract';
import { api } from '@/shared/api/client';

export interface CorrectionBody {
  question: string;
  originalAnswer: string;
  correctAnswer: string;
  isCorrect: boolean;
}

/**
 * Spec §7: a correction made in chat monitoring or from the statistics' unanswered questions is a
 * corrected answer of the assistant, saved through the same call as the knowledge tab's answers.
 */
export const saveCorrection = (assistantId: string, body: CorrectionBody) =>
  api.post(`/api/assistant/${assistantId}/correct-answers`, body, { schema: CorrectAnswer });

/** The knowledge tab's list of corrected answers, refreshed after a correction (its query key). */
export const correctAnswersKey = (assistantId: string) => ['assistants', assistantId, 'correct-answers'];
