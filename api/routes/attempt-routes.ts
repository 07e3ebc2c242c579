/**
 * The learner's attempts (issue 31, point 3): start one (the entitled), read it again to resume,
 * save answers, submit, feedback on a review question, and the course's assessments as the learner
 * sees them. Answers never carry a correct flag before submission (`services/attempts/`).
 */
import { checkAnswerSchema, saveAnswersSchema, submitAttemptSchema } from '@contracts/assessments';
import { offlineSubmissionSchema } from '@contracts/offline-learning';
import type { ApiRouter } from '../middleware/access';
import { parseBody, requestBody } from '../middleware/validate';
import type { AttemptServices } from '../services/attempts';
import { idParam } from './route-helpers';

export function attemptRoutes(api: ApiRouter, s: AttemptServices): void {
  api.post('/api/assessments/:id/attempts', 'signed_in', async (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    ctx.status = 201;
    ctx.body = await s.attempts.start(ctx.state.user, idParam(ctx, 'Assessment'));
  });

  api.get('/api/attempts/:id', 'signed_in', async (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    ctx.body = await s.attempts.view(ctx.state.user!, idParam(ctx, 'Attempt'));
  });

  api.put('/api/attempts/:id/answers', 'signed_in', async (ctx) => {
    const { answers } = parseBody(saveAnswersSchema, requestBody(ctx));
    ctx.set('Cache-Control', 'no-store');
    ctx.body = await s.attempts.saveAnswers(ctx.state.user!, idParam(ctx, 'Attempt'), answers);
  });

  api.post('/api/attempts/:id/submit', 'signed_in', async (ctx) => {
    const { answers } = parseBody(submitAttemptSchema, requestBody(ctx) ?? {});
    ctx.set('Cache-Control', 'no-store');
    ctx.body = await s.attempts.submit(ctx.state.user!, idParam(ctx, 'Attempt'), answers);
  });

  // Exams taken offline (issue 34): a paper drawn for the device, graded when it is handed in.
  api.post('/api/assessments/:id/offline-paper', 'signed_in', async (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    ctx.body = await s.offlinePapers.paper(ctx.state.user, idParam(ctx, 'Assessment'));
  });

  api.post('/api/offline-papers/:id/submit', 'signed_in', async (ctx) => {
    ctx.body = await s.offlinePapers.submit(ctx.state.user!, idParam(ctx, 'Offline exam paper'), parseBody(offlineSubmissionSchema, requestBody(ctx)));
  });

  api.post('/api/attempts/:id/check', 'signed_in', async (ctx) => {
    const answer = parseBody(checkAnswerSchema, requestBody(ctx));
    ctx.set('Cache-Control', 'no-store');
    ctx.body = await s.attempts.check(ctx.state.user!, idParam(ctx, 'Attempt'), answer);
  });

  api.get('/api/me/courses/:id/assessments', 'signed_in', async (ctx) => {
    ctx.set('Cache-Control', 'private, no-store');
    ctx.body = await s.learnerAssessments.of(ctx.state.user, idParam(ctx, 'Course'));
  });
}
