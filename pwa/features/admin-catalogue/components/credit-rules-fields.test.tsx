// @vitest-environment jsdom
/**
 * The "Credits" group of a course form (the recorded-course form here; the webinar editor and the
 * seminar form use the same component): off, the course body has no rule; on, a bad field shows the
 * problem under that field, takes the focus and nothing is sent; a valid rule goes in the body as
 * `creditRules`, and turning credits off on a course that had a rule sends null.
 */
import 'fake-indexeddb/auto';
import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Course } from '@contracts/catalogue';
import { deleteAdminDb } from '@pwa/offline/back-office/admin-db';
import { CREDIT_RULE_MESSAGES, MAX_FIELD_OF_STUDY_LENGTH } from '@contracts/credits';
import { RecordedCourseForm } from './recorded-course-form';
import { stubResizeObserver } from '@pwa/test-support/dom';

const RULE = { types: [{ kind: 'CPE', fieldOfStudy: 'Regulatory Ethics' }], minutesPerCredit: 50, increment: 0.5, minPollRatio: 0.75 };
const COURSE = {
  id: 'c1',
  title: 'Assay validation',
  code: 'REC-1',
  type: 'recorded_course',
  category: null,
  price: '99.00',
  shortDescription: 'Validating assays',
  description: null,
  image: null,
  duration: 90,
  instructorName: 'Dr. Lee',
  instructorTitle: null,
  instructorBio: null,
  instructorImage: null,
  instructorId: null,
  isActive: true,
  version: 3,
  creditRules: RULE,
} as unknown as Course;

type Call = { url: string; method: string; body: unknown };

function stubApi() {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
      calls.push({ url: String(input), method: init.method ?? 'GET', body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined });
      return new Response(JSON.stringify(COURSE), { status: 200, headers: { 'Content-Type': 'application/json' } });
    }),
  );
  return calls;
}

function renderForm(course?: Course) {
  const onDone = vi.fn();
  render(
    <FluentProvider theme={webLightTheme}>
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <MemoryRouter>
          <RecordedCourseForm course={course} onDone={onDone} />
        </MemoryRouter>
      </QueryClientProvider>
    </FluentProvider>,
  );
  return onDone;
}

const textbox = (name: RegExp) => screen.findByRole('textbox', { name }) as Promise<HTMLInputElement>;
const type = async (name: RegExp, value: string) => fireEvent.change(await textbox(name), { target: { value } });
const press = (name: string) => act(async () => fireEvent.click(screen.getByRole('button', { name })));
const toggleCredits = () => act(async () => fireEvent.click(screen.getByRole('switch', { name: 'Award credits for attendance' })));

async function fillRequired() {
  await type(/^Title/, 'Cleanroom basics');
  await type(/^Short Description/, 'Gowning');
  await type(/^Instructor Name/, 'Dr. Kim');
}

beforeEach(() => {
  stubResizeObserver();
});

afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  await deleteAdminDb();
});

describe('credit rules in a course form', () => {
  it('off: the new course’s body has no rule', async () => {
    const calls = stubApi();
    const onDone = renderForm();
    await fillRequired();
    expect(screen.queryByRole('textbox', { name: /Minutes per credit/ })).toBeNull();
    await press('Create Course');
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(calls[0]!.body).not.toHaveProperty('creditRules');
  });

  it('on: a bad field says why at the field, takes the focus and nothing is sent; fixed, the rule is sent', async () => {
    const calls = stubApi();
    const onDone = renderForm();
    await fillRequired();
    await toggleCredits();
    expect((await textbox(/Minutes per credit/)).value).toBe('50');
    // The browser stops a field of study where the contract (and so the server) does.
    expect((await textbox(/Field of study 1/)).maxLength).toBe(MAX_FIELD_OF_STUDY_LENGTH);
    await type(/Minutes per credit/, '0');
    await type(/Minimum polls answered/, '75');
    await type(/Field of study 1/, 'Regulatory Ethics');
    await press('Create Course');
    expect(screen.getByText(CREDIT_RULE_MESSAGES.minutesPerCredit)).toBeTruthy();
    expect(document.activeElement).toBe(await textbox(/Minutes per credit/));
    expect(calls).toEqual([]);

    await type(/Minutes per credit/, '50');
    fireEvent.change(screen.getByRole('combobox', { name: 'Increment' }), { target: { value: '0.5' } });
    await press('Create Course');
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(calls).toHaveLength(1);
    expect((calls[0]!.body as { creditRules: unknown }).creditRules).toEqual(RULE);
  });

  it('opens a course’s stored rule, and turning credits off sends null', async () => {
    const calls = stubApi();
    const onDone = renderForm(COURSE);
    expect((await textbox(/Field of study 1/)).value).toBe('Regulatory Ethics');
    expect((await textbox(/Minimum polls answered/)).value).toBe('75');
    await toggleCredits();
    await press('Save Changes');
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(calls[0]).toMatchObject({ method: 'PUT', url: '/api/courses/c1' });
    expect((calls[0]!.body as { creditRules: unknown }).creditRules).toBeNull();
  });
});
