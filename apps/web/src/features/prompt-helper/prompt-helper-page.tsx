import {
  composePromptHelperContent,
  PROMPT_HELPER_ANSWER_MAX_LENGTH,
  PROMPT_HELPER_QUESTIONS,
  PROMPT_HELPER_STEPS,
  PROMPT_HELPER_TEXTS,
} from '@otklik/contract/site-constants';
import { type KeyboardEvent, useCallback, useEffect, useRef, useState } from 'react';
import { usePageMeta } from '@/shared/lib/use-page-meta';
import { Button } from '@/shared/ui/button';
import { createHelperPrompt } from './api/create-helper';
import { EmptyAnswersModal } from './components/empty-modal';
import { HelperResult } from './components/helper-result';
import styles from './prompt-helper.module.css';

const LAST = PROMPT_HELPER_STEPS - 1;

/** Spec §2.5 and §4: twelve steps, dots, back/next, Enter advances, then the written prompt. */
export default function PromptHelperPage() {
  usePageMeta('/prompt-helper');
  const [step, setStep] = useState(0);
  const [answers, setAnswers] = useState<string[]>(() => Array(PROMPT_HELPER_STEPS).fill(''));
  const [loading, setLoading] = useState(false);
  const [emptyOpen, setEmptyOpen] = useState(false);
  const [result, setResult] = useState<{ prompt: string; insights: string[] } | null>(null);
  const field = useRef<HTMLTextAreaElement>(null);
  const resultRef = useRef<HTMLDivElement>(null);
  const question = PROMPT_HELPER_QUESTIONS[step] ?? PROMPT_HELPER_QUESTIONS[0];

  // biome-ignore lint/correctness/useExhaustiveDependencies: each new step puts the cursor in its field
  useEffect(() => {
    field.current?.focus();
  }, [step]);

  const generate = async () => {
    if (answers.every((a) => a.trim() === '')) {
      setEmptyOpen(true);
      return;
    }
    // Spec §4: generation first clears the previous result and insights.
    setResult(null);
    setLoading(true);
    try {
      setResult(await createHelperPrompt(composePromptHelperContent(answers)));
      requestAnimationFrame(() => resultRef.current?.scrollIntoView({ behavior: 'smooth', block: 'start' }));
    } catch (err) {
      // Spec §8: a failure is only logged; loading ends.
      console.error('prompt helper failed', err);
    } finally {
      setLoading(false);
    }
  };

  const next = () => (step === LAST ? void generate() : setStep(step + 1));

  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
      e.preventDefault();
      if (!loading) next();
    }
  };

  const closeEmpty = useCallback(() => setEmptyOpen(false), []);
  const textareaId = `helper-answer-${step}`;

  return (
    <div className={styles.page}>
      <div className={styles.container}>
        <header className={styles.intro}>
          <p className={styles.eyebrow}>Бесплатный инструмент</p>
          <h1 className={styles.title}>Помощник по промтам</h1>
          <p className={styles.lead}>
            Ответьте на 12 вопросов о компании — мы соберём системный промт для ИИ-ассистента и подскажем, что улучшить.
            Пропускайте вопросы, на которые пока нет ответа.
          </p>
        </header>

        <div className={styles.card}>
          <nav aria-label="Вопросы" className={styles.dots}>
            {PROMPT_HELPER_QUESTIONS.map((q, i) => (
              <button
                key={q.key}
                type="button"
                className={[
                  styles.dot,
                  i === step ? styles.dotActive : '',
                  answers[i]?.trim() ? styles.dotDone : '',
                ].join(' ')}
                aria-label={`Вопрос ${i + 1}${answers[i]?.trim() ? ', есть ответ' : ''}`}
                aria-current={i === step ? 'step' : undefined}
                onClick={() => setStep(i)}
              />
            ))}
          </nav>
          <p className={styles.counter}>
            Вопрос {step + 1} из {PROMPT_HELPER_STEPS}
          </p>
          <label htmlFor={textareaId} className={styles.question}>
            {question?.title}
          </label>
          <p className={styles.hint} id={`${textareaId}-hint`}>
            {question?.hint}
          </p>
          <textarea
            ref={field}
            id={textareaId}
            className={styles.answer}
            rows={4}
            maxLength={PROMPT_HELPER_ANSWER_MAX_LENGTH}
            aria-describedby={`${textareaId}-hint ${textareaId}-keys`}
            placeholder={question?.placeholder}
            value={answers[step] ?? ''}
            onChange={(e) => {
              const value = e.target.value;
              setAnswers((all) => all.map((a, i) => (i === step ? value : a)));
            }}
            onKeyDown={onKeyDown}
          />
          <p className={styles.keys} id={`${textareaId}-keys`}>
            Enter — следующий вопрос, Shift+Enter — новая строка
          </p>
          <div className={styles.nav}>
            <Button variant="secondary" size="lg" onClick={() => setStep(step - 1)} disabled={step === 0}>
              Назад
            </Button>
            {step === LAST ? (
              <Button size="lg" onClick={() => void generate()} loading={loading}>
                {loading ? 'Составляем промт…' : PROMPT_HELPER_TEXTS.submit}
              </Button>
            ) : (
              <Button size="lg" onClick={next}>
                Далее
              </Button>
            )}
          </div>
        </div>

        <div ref={resultRef} aria-live="polite" aria-busy={loading}>
          {result ? <HelperResult prompt={result.prompt} insights={result.insights} /> : null}
        </div>
      </div>
      <EmptyAnswersModal open={emptyOpen} onClose={closeEmpty} />
    </div>
  );
}
