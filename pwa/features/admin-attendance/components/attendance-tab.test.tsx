// @vitest-environment jsdom
/**
 * The Attendance tab with the API answered at `fetch`: the attendee table (X and Y with minutes,
 * polls, credits and the reason), a meeting by link (the contract's message for an empty link,
 * nothing sent; then a keyed PUT), an unknown CSV's column-mapping step (the same file sent again
 * with the mapping and the course's time zone; a poll report's step asks for the question and
 * answer columns and stays when the server finds a column missing), an adjustment (a reason is
 * required) and the match of an unmatched row to an attendee picked from the course's attendees —
 * each write through the outbox with an Idempotency-Key.
 */
import 'fake-indexeddb/auto';
import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ATTENDANCE_MESSAGES, type AttendanceRowDto, type AttendeeChoiceDto, type UnmatchedRowDto } from '@contracts/attendance';
import { MEETING_MESSAGES } from '@contracts/meetings';
import { deleteAdminDb } from '@pwa/offline/back-office/admin-db';
import { AttendanceTab } from './attendance-tab';

const base = { userId: 'u', joinedAt: '2026-11-26T15:00:00.000Z', source: 'csv' as const };
const X: AttendanceRowDto = {
  ...base,
  id: 'a-x',
  email: 'x@buyers.test',
  name: 'Buyer X',
  leftAt: '2026-11-26T16:25:00.000Z',
  minutes: 85,
  pollsAnswered: 5,
  pollsAsked: 6,
  credits: [{ kind: 'CPE', amount: 1.5 }],
  status: 'earned',
  reason: null,
};
const Y: AttendanceRowDto = {
  ...base,
  id: 'a-y',
  email: 'y@buyers.test',
  name: 'Buyer Y',
  joinedAt: '2026-11-26T15:10:00.000Z',
  leftAt: '2026-11-26T15:30:00.000Z',
  minutes: 20,
  pollsAnswered: 1,
  pollsAsked: 6,
  credits: [{ kind: 'CPE', amount: 0 }],
  status: 'short',
  reason: '20 min < 50 min; polls 17 % < 75 %',
};
const STRANGER: UnmatchedRowDto = {
  id: 'un-1',
  source: 'csv',
  email: 'walk.in@elsewhere.test',
  name: 'Walk In',
  minutes: 60,
  intervals: [],
  resolvedUserId: null,
  resolvedAt: null,
};

const ATTENDEES: AttendeeChoiceDto[] = [
  { userId: 'u-x', name: 'Buyer X', email: 'x@buyers.test' },
  { userId: 'u-y', name: 'Buyer Y', email: 'y@buyers.test' },
  { userId: 'u-z', name: 'Colleague Zoe', email: 'zoe@buyers.test' },
];
const POLL_COLUMNS = ['Attendee', 'Attendee Email', 'Poll Item', 'Response'];

type Call = { url: string; method: string; headers: Record<string, string>; body: unknown };
const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

const ZOOM_MEETING = {
  courseId: 'c1',
  provider: 'zoom',
  status: 'ready',
  joinUrl: null,
  providerMeetingId: '81234567890',
  lastError: null,
  registrants: { pending: 0, registered: 2, cancelled: 0, failed: 0 },
  attendance: { lastFetchedAt: '2026-11-26T17:05:00.000Z', lastError: null, status: 'idle' },
};

function stubApi(meeting: unknown = null) {
  const calls: Call[] = [];
  let imports = 0;
  let pollImports = 0;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const url = String(input);
      const method = init.method ?? 'GET';
      const call = {
        url,
        method,
        headers: Object.fromEntries(new Headers(init.headers).entries()),
        body: typeof init.body === 'string' ? JSON.parse(init.body) : init.body,
      };
      calls.push(call);
      if (method === 'GET' && url.endsWith('/meeting')) return meeting ? json(meeting) : json({ message: MEETING_MESSAGES.noMeeting }, 404);
      if (method === 'POST' && url.endsWith('/attendance/fetch')) return json({ jobId: 'job-1' }, 202);
      if (method === 'GET' && url.endsWith('/attendance/unmatched')) return json([STRANGER]);
      if (method === 'GET' && url.endsWith('/attendance/attendees')) return json(ATTENDEES);
      if (url.includes('/attendance/import') && url.includes('report=polls')) {
        pollImports += 1;
        if (pollImports === 1)
          return json(
            { message: ATTENDANCE_MESSAGES.unknownPollColumns, columns: POLL_COLUMNS, mapping: { email: 'Attendee Email', question: 'Poll Item' } },
            400,
          );
        if (pollImports === 2) return json({ message: ATTENDANCE_MESSAGES.missingColumns(['Name']), columns: POLL_COLUMNS, missing: ['Name'] }, 400);
        return json({ report: 'polls', format: 'mapped', rows: 5, people: 2, matched: 0, unmatched: 0, changed: 1, pollsAsked: 4 });
      }
      if (method === 'GET' && url.endsWith('/attendance')) return json([Y, X]);
      if (url.includes('/attendance/import')) {
        imports += 1;
        if (imports === 1) {
          return json(
            {
              message: 'unknown',
              columns: ['Participant', 'E-mail', 'Arrived', 'Departed'],
              mapping: { email: 'E-mail', name: 'Participant', join: 'Arrived' },
            },
            400,
          );
        }
        return json({ report: 'attendance', format: 'mapped', rows: 1, people: 1, matched: 1, unmatched: 0, changed: 1 });
      }
      if (method === 'PUT' && url.endsWith('/meeting')) {
        return json({
          courseId: 'c1',
          provider: 'link',
          status: 'ready',
          joinUrl: 'https://teams.example/meet/1',
          providerMeetingId: null,
          lastError: null,
          registrants: { pending: 0, registered: 0, cancelled: 0, failed: 0 },
        });
      }
      return json({ ...X, status: 'adjusted' });
    }),
  );
  return calls;
}

const writes = (calls: Call[]) => calls.filter((c) => c.method !== 'GET');

function renderTab() {
  render(
    <FluentProvider theme={webLightTheme}>
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <AttendanceTab courseId="c1" timeZone="US/Eastern" />
      </QueryClientProvider>
    </FluentProvider>,
  );
}

const press = (name: string | RegExp) => act(async () => fireEvent.click(screen.getByRole('button', { name })));

beforeEach(() => {
  vi.stubGlobal(
    'ResizeObserver',
    class {
      observe() {}
      unobserve() {}
      disconnect() {}
    },
  );
});

afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  await deleteAdminDb();
});

describe('the Attendance tab', () => {
  it('lists X and Y with minutes, polls, credits and the reason, by name, and sorts by a column', async () => {
    stubApi();
    renderTab();
    const table = await screen.findByRole('table', { name: 'Attendee table' });
    await within(table).findByText('Buyer X');
    const rows = () =>
      within(table)
        .getAllByRole('row')
        .slice(1)
        .map((r) => r.textContent ?? '');
    expect(rows()[0]).toContain('Buyer X');
    expect(rows()[0]).toContain('5 / 6');
    expect(rows()[0]).toContain('1.5 CPE');
    expect(rows()[0]).toContain('Earned');
    expect(rows()[1]).toContain('0 CPE');
    expect(rows()[1]).toContain('20 min < 50 min; polls 17 % < 75 %');
    expect(rows()[1]).toContain('Nov 26, 26 10:10 AM EST');
    await act(async () => fireEvent.click(within(table).getByRole('button', { name: /Minutes/ })));
    expect(rows()[0]).toContain('Buyer Y');
    expect(screen.getByText('No meeting yet. Choose Zoom or a meeting link and save.')).toBeTruthy();
  });

  it('saves a meeting by link: an empty link is refused with the contract’s message, a link is sent once', async () => {
    const calls = stubApi();
    renderTab();
    await screen.findByText('No meeting yet. Choose Zoom or a meeting link and save.');
    await press('Save meeting');
    expect(screen.getByText(MEETING_MESSAGES.joinUrlRequired)).toBeTruthy();
    expect(writes(calls)).toEqual([]);
    fireEvent.change(screen.getByRole('textbox', { name: /Join link/ }), { target: { value: 'https://teams.example/meet/1' } });
    await press('Save meeting');
    await waitFor(() => expect(writes(calls)).toHaveLength(1));
    expect(writes(calls)[0]).toMatchObject({
      method: 'PUT',
      url: '/api/courses/c1/meeting',
      body: { provider: 'link', joinUrl: 'https://teams.example/meet/1' },
    });
    expect(writes(calls)[0]!.headers['idempotency-key']).toMatch(/\S/);
  });

  it('a Zoom meeting shows its registrants and last import, and "Import now" asks the server to fetch the report', async () => {
    const calls = stubApi(ZOOM_MEETING);
    renderTab();
    await screen.findByText('Registered 2 · pending 0 · cancelled 0 · failed 0');
    expect(screen.getByText(/^Last imported /)).toBeTruthy();
    await press('Import now');
    await waitFor(() => expect(writes(calls)).toHaveLength(1));
    expect(writes(calls)[0]).toMatchObject({ method: 'POST', url: '/api/admin/courses/c1/attendance/fetch' });
    expect(writes(calls)[0]!.headers['idempotency-key']).toMatch(/\S/);
  });

  it('while a fetch is under way it says so and "Import now" waits', async () => {
    stubApi({ ...ZOOM_MEETING, attendance: { lastFetchedAt: null, lastError: 'Zoom has no report for this meeting yet', status: 'running' } });
    renderTab();
    await screen.findByText('Importing the attendance report…');
    expect(screen.getByText('Last import failed: Zoom has no report for this meeting yet')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Import now' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('an unknown CSV leads to the mapping step, and the same file goes again with the mapping and the course’s zone', async () => {
    const calls = stubApi();
    renderTab();
    await screen.findByRole('table', { name: 'Attendee table' });
    const file = new File(['Participant,E-mail,Arrived,Departed\n'], 'teams-export.csv', { type: 'text/csv' });
    await act(async () => fireEvent.change(screen.getByLabelText('CSV file'), { target: { files: [file] } }));
    const email = await screen.findByRole('combobox', { name: /E-mail column/ });
    expect((email as HTMLSelectElement).value).toBe('E-mail');
    expect((screen.getByRole('combobox', { name: /Leave time column/ }) as HTMLSelectElement).value).toBe('');
    fireEvent.change(screen.getByRole('combobox', { name: /Leave time column/ }), { target: { value: 'Departed' } });
    await press('Upload with these columns');
    await screen.findByText(/Imported teams-export.csv: 1 rows, 1 people/);
    const uploads = calls.filter((c) => c.url.includes('/import'));
    expect(uploads).toHaveLength(2);
    const query = new URL(uploads[1]!.url, 'http://x').searchParams;
    expect(query.get('timeZone')).toBe('US/Eastern');
    expect(query.get('report')).toBe('attendance');
    expect(JSON.parse(query.get('mapping')!)).toEqual({ email: 'E-mail', name: 'Participant', join: 'Arrived', leave: 'Departed' });
    expect(uploads[1]!.headers['content-type']).toBe('text/csv');
    expect(uploads[1]!.body).toBe(file);
  });

  it('a poll report’s mapping step asks for the question and answer columns; a column the server finds missing keeps the step, saying so', async () => {
    const calls = stubApi();
    renderTab();
    await screen.findByRole('table', { name: 'Attendee table' });
    fireEvent.change(screen.getByRole('combobox', { name: 'Report' }), { target: { value: 'polls' } });
    const file = new File(['Attendee,Attendee Email,Poll Item,Response\n'], 'webex-polls.csv', { type: 'text/csv' });
    await act(async () => fireEvent.change(screen.getByLabelText('CSV file'), { target: { files: [file] } }));
    const question = await screen.findByRole('combobox', { name: /Poll question column/ });
    expect((question as HTMLSelectElement).value).toBe('Poll Item');
    expect(screen.queryByRole('combobox', { name: /Join time column/ })).toBeNull();
    fireEvent.change(question, { target: { value: '' } });
    await press('Upload with these columns');
    expect(screen.getByText(ATTENDANCE_MESSAGES.questionColumn)).toBeTruthy();
    const uploads = () => calls.filter((c) => c.url.includes('/import'));
    expect(uploads()).toHaveLength(1);

    fireEvent.change(question, { target: { value: 'Poll Item' } });
    fireEvent.change(screen.getByRole('combobox', { name: /Poll answer column/ }), { target: { value: 'Response' } });
    fireEvent.change(screen.getByRole('combobox', { name: /Name column/ }), { target: { value: 'Attendee' } });
    await press('Upload with these columns');
    await screen.findByText(ATTENDANCE_MESSAGES.missingColumns(['Name']));
    expect((screen.getByRole('combobox', { name: /Poll answer column/ }) as HTMLSelectElement).value).toBe('Response');
    await press('Upload with these columns');
    await screen.findByText('Imported webex-polls.csv: 4 polls, 2 people.');
    expect(uploads()).toHaveLength(3);
    const query = new URL(uploads()[2]!.url, 'http://x').searchParams;
    expect(query.get('report')).toBe('polls');
    expect(JSON.parse(query.get('mapping')!)).toEqual({ email: 'Attendee Email', name: 'Attendee', question: 'Poll Item', answer: 'Response' });
    expect(uploads()[2]!.body).toBe(file);
  });

  it('adjusts a row only with a reason, and matches an unmatched row to an attendee picked from the list', async () => {
    const calls = stubApi();
    renderTab();
    await screen.findByRole('button', { name: 'Adjust Buyer Y' });
    await press('Adjust Buyer Y');
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByRole('textbox', { name: /CPE credits/ }), { target: { value: '1' } });
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Save adjustment' })));
    expect(within(dialog).getByText('Say why (at least 3 characters)')).toBeTruthy();
    expect(writes(calls)).toEqual([]);
    fireEvent.change(within(dialog).getByRole('textbox', { name: /Reason/ }), { target: { value: 'Joined by phone for the first hour' } });
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Save adjustment' })));
    await waitFor(() => expect(writes(calls)).toHaveLength(1));
    expect(writes(calls)[0]).toMatchObject({
      method: 'POST',
      url: '/api/admin/courses/c1/attendance/a-y/adjust',
      body: { credits: [{ kind: 'CPE', amount: 1 }], reason: 'Joined by phone for the first hour' },
    });

    // The dialog has closed (while open, the page behind it is hidden from assistive technology).
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const picker = await screen.findByRole('combobox', { name: 'Attendee for walk.in@elsewhere.test' }, { timeout: 5_000 });
    await press('Match walk.in@elsewhere.test');
    expect(screen.getByText(ATTENDANCE_MESSAGES.chooseAttendee)).toBeTruthy();
    expect(writes(calls)).toHaveLength(1);
    // Typing narrows the course's attendees by name or e-mail; the one picked is sent by id.
    await act(async () => fireEvent.keyDown(picker, { key: 'ArrowDown' }));
    expect(within(screen.getByRole('listbox')).getAllByRole('option')).toHaveLength(3);
    await act(async () => fireEvent.change(picker, { target: { value: 'zoe' } }));
    const listbox = screen.getByRole('listbox');
    expect(
      within(listbox)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Colleague Zoe · zoe@buyers.test']);
    await act(async () => fireEvent.click(within(listbox).getByRole('option', { name: 'Colleague Zoe · zoe@buyers.test' })));
    expect((picker as HTMLInputElement).value).toBe('Colleague Zoe · zoe@buyers.test');
    await press('Match walk.in@elsewhere.test');
    await waitFor(() => expect(writes(calls)).toHaveLength(2));
    expect(writes(calls)[1]).toMatchObject({ method: 'POST', url: '/api/admin/courses/c1/attendance/unmatched/un-1/match', body: { userId: 'u-z' } });
    expect(writes(calls)[1]!.headers['idempotency-key']).toMatch(/\S/);
  });
});
