import { BaseModel } from './base-model';

export type AssessmentKindName = 'review' | 'final';
export type ShowAnswersName = 'never' | 'after_pass' | 'after_last_attempt';
export type QuestionKindName = 'single' | 'multiple' | 'true_false';

/** Review questions after a lesson, or a course's final exam, with its settings. */
export class Assessment extends BaseModel {
  static override tableName = 'assessments';
  static override booleanAttributes = ['shuffleQuestions', 'shuffleOptions'];

  id!: string;
  courseId!: string;
  lessonId!: string | null;
  kind!: AssessmentKindName;
  title!: string;
  /** Questions one attempt draws (null: all of its pool). */
  drawCount!: number | null;
  passMarkPercent!: number;
  /** null: unlimited. */
  maxAttempts!: number | null;
  timeLimitMinutes!: number | null;
  shuffleQuestions!: boolean;
  shuffleOptions!: boolean;
  showAnswers!: ShowAnswersName;
  createdAt!: string;
  updatedAt!: string;
  /** Set instead of deleting one that has attempts. */
  deletedAt!: string | null;
}

export interface QuestionOption {
  id: string;
  text: string;
  correct: boolean;
}

/** A question of a course's bank (`assessmentId` null) or of one assessment. */
export class Question extends BaseModel {
  static override tableName = 'questions';
  static override get jsonAttributes(): string[] {
    return ['options'];
  }

  id!: string;
  courseId!: string;
  assessmentId!: string | null;
  kind!: QuestionKindName;
  /** Sanitised HTML. */
  text!: string;
  options!: QuestionOption[];
  explanation!: string | null;
  position!: number;
  createdAt!: string;
  updatedAt!: string;
}

/** A question as drawn into an attempt (its options in the order shown, correct flags kept). */
export interface DrawnQuestion {
  id: string;
  kind: QuestionKindName;
  text: string;
  options: QuestionOption[];
  explanation: string | null;
}

/** One sitting of an assessment by one person. */
export class AssessmentAttempt extends BaseModel {
  static override tableName = 'assessment_attempts';
  static override booleanAttributes = ['passed'];
  static override get jsonAttributes(): string[] {
    return ['questions', 'answers'];
  }

  id!: string;
  assessmentId!: string;
  courseId!: string;
  userId!: string;
  /** 1, 2, … per person and assessment (unique). */
  number!: number;
  status!: 'open' | 'submitted';
  /** `<assessment>:<user>` while open (unique), null once submitted. */
  openKey!: string | null;
  questions!: DrawnQuestion[];
  /** Chosen option ids by question id. */
  answers!: Record<string, string[]>;
  startedAt!: string;
  expiresAt!: string | null;
  answersSavedAt!: string | null;
  submittedAt!: string | null;
  scorePercent!: number | null;
  passed!: boolean | null;
}

/** A draw made for a person's device to answer offline (issue 34); `attemptId` once handed in. */
export class OfflinePaper extends BaseModel {
  static override tableName = 'offline_papers';
  static override get jsonAttributes(): string[] {
    return ['questions'];
  }

  id!: string;
  assessmentId!: string;
  courseId!: string;
  userId!: string;
  questions!: DrawnQuestion[];
  createdAt!: string;
  /** `<assessment>:<user>` while unused (unique: one unused paper each), null once handed in. */
  unusedKey!: string | null;
  attemptId!: string | null;
}
