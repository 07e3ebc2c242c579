// @vitest-environment jsdom
/**
 * A course form (the recorded-course dialog's, over the shared course-form shell), with the API
 * answered at `fetch`: the contract's messages under the required fields and nothing sent; a valid
 * form sends the course's body (a new one with its own id, through the outbox with an
 * Idempotency-Key) and closes; a draft kept on this device is put back into the fields, and
 * "Discard draft" goes back to the course as the server has it.
 */
import 'fake-indexeddb/auto';
import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Course } from '@contracts/catalogue';
import { COURSE_MESSAGES } from '@contracts/course-admin';
import { adminDb, deleteAdminDb } from '@pwa/offline/back-office/admin-db';
import { RecordedCourseForm } from './recorded-course-form';
import { stubResizeObserver } from '@pwa/test-support/dom';

const COURSE = {
  id: 'c1',
  title: 'Assay validation',
  code: 'REC-1',
  type: 'recorded_course',
  category: 'Quality',
  price: '99.00',
  shortDescription: 'Validating assays step by step',
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
} as unknown as Course;

type Call = { url: string; method: string; headers: Record<string, string>; body: unknown };

function stubApi(
  answer: (call: Call) => Response = () => new Response(JSON.stringify(COURSE), { status: 201, headers: { 'Content-Type': 'application/json' } }),
) {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const call = {
        url: String(input),
        method: init.method ?? 'GET',
        headers: Object.fromEntries(new Headers(init.headers).entries()),
        body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
      };
      calls.push(call);
      return answer(call);
    }),
  );
  return calls;
}

function renderForm(course?: Course) {
  const onDone = vi.fn();
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <FluentProvider theme={webLightTheme}>
      <QueryClientProvider client={client}>
        <MemoryRouter>
          <RecordedCourseForm course={course} onDone={onDone} />
        </MemoryRouter>
      </QueryClientProvider>
    </FluentProvider>,
  );
  return onDone;
}

const field = (name: RegExp) => screen.findByRole('textbox', { name }) as Promise<HTMLInputElement>;
const type = async (name: RegExp, value: string) => fireEvent.change(await field(name), { target: { value } });
const press = (name: string) => act(async () => fireEvent.click(screen.getByRole('button', { name })));

beforeEach(() => {
  stubResizeObserver();
});

afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  await deleteAdminDb();
});

describe('a course form', () => {
  it('shows the contract’s messages under the empty required fields and sends nothing', async () => {
    const calls = stubApi();
    const onDone = renderForm();
    await field(/^Title/);
    await press('Create Course');
    expect(screen.getByText(COURSE_MESSAGES.title)).toBeTruthy();
    expect(screen.getByText(COURSE_MESSAGES.shortDescription)).toBeTruthy();
    expect(screen.getByText(COURSE_MESSAGES.instructorName)).toBeTruthy();
    expect(calls).toEqual([]);
    expect(onDone).not.toHaveBeenCalled();
  });

  it('refuses a duration outside the server’s range with the server’s message, and sends nothing', async () => {
    const calls = stubApi();
    const onDone = renderForm();
    await type(/^Title/, 'Cleanroom basics');
    await type(/^Short Description/, 'Gowning and airflow');
    await type(/^Instructor Name/, 'Dr. Kim');
    for (const duration of ['0', '100001']) {
      await type(/^Duration/, duration);
      await press('Create Course');
      expect(screen.getByText(COURSE_MESSAGES.duration)).toBeTruthy();
    }
    expect(calls).toEqual([]);
    expect(onDone).not.toHaveBeenCalled();
  });

  it('sends a new course’s body once the form is valid, then closes', async () => {
    const calls = stubApi();
    const onDone = renderForm();
    await type(/^Title/, '  Cleanroom basics ');
    await type(/^Short Description/, 'Gowning and airflow');
    await type(/^Duration/, '45');
    await type(/^Instructor Name/, 'Dr. Kim');
    await press('Create Course');
    await waitFor(() => expect(onDone).toHaveBeenCalledTimes(1));

    expect(calls).toHaveLength(1);
    const [sent] = calls;
    expect(sent).toMatchObject({ url: '/api/courses', method: 'POST' });
    expect(sent!.headers['idempotency-key']).toMatch(/\S/);
    expect(sent!.body).toMatchObject({
      title: 'Cleanroom basics',
      shortDescription: 'Gowning and airflow',
      type: 'recorded_course',
      price: '0',
      duration: 45,
      category: null,
      instructorName: 'Dr. Kim',
      isActive: true,
    });
    expect((sent!.body as { id: string }).id).toMatch(/^[0-9a-f-]{36}$/);
    expect(screen.queryByText(COURSE_MESSAGES.title)).toBeNull();
  });

  it('puts a draft kept on this device back into the fields, and "Discard draft" goes back to the server’s copy', async () => {
    stubApi();
    await adminDb().drafts.put({
      key: 'recorded:c1',
      values: { title: 'Assay validation, part 2', duration: '120' },
      baseVersion: 3,
      savedAt: '2026-03-01T10:00:00.000Z',
    });
    renderForm(COURSE);
    expect((await field(/^Title/)).value).toBe('Assay validation, part 2');
    expect((await field(/^Duration/)).value).toBe('120');
    // Fields the draft does not name keep the course's values.
    expect((await field(/^Instructor Name/)).value).toBe('Dr. Lee');
    expect(screen.getByText('Restored your unsaved changes')).toBeTruthy();

    await press('Discard draft');
    await waitFor(async () => expect((await field(/^Title/)).value).toBe('Assay validation'));
    expect((await field(/^Duration/)).value).toBe('90');
    expect(screen.queryByText('Restored your unsaved changes')).toBeNull();
    expect(await adminDb().drafts.get('recorded:c1')).toBeUndefined();
  });

  it('saves an edit with the version it opened (PUT), the draft’s values included, and clears the draft', async () => {
    const calls = stubApi(() => new Response(JSON.stringify({ ...COURSE, version: 4 }), { status: 200, headers: { 'Content-Type': 'application/json' } }));
    await adminDb().drafts.put({ key: 'recorded:c1', values: { title: 'Assay validation, part 2' }, baseVersion: 3, savedAt: '2026-03-01T10:00:00.000Z' });
    const onDone = renderForm(COURSE);
    await field(/^Title/);
    await press('Save Changes');
    await waitFor(() => expect(onDone).toHaveBeenCalledTimes(1));
    expect(calls.map((c) => `${c.method} ${c.url}`)).toEqual(['PUT /api/courses/c1']);
    expect(calls[0]!.body).toMatchObject({ title: 'Assay validation, part 2', duration: 90, version: 3 });
    expect(await adminDb().drafts.get('recorded:c1')).toBeUndefined();
  });
});
