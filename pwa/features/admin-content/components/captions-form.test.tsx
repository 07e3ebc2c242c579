// @vitest-environment jsdom
/**
 * The captions form checks what the server would refuse before anything is sent, in the server's
 * words (contracts/learning's captions limits): a label longer than 60 characters, a file larger
 * than the server takes. A label and file within the limits are sent.
 */
import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CAPTIONS_LIMITS, CAPTIONS_MESSAGES, captionsUploadSchema } from '@contracts/learning';
import type { ContentActions } from '../hooks/use-content-actions';
import type { OutlineLesson } from '../lib/content-outline';
import { CaptionsForm } from './captions-form';

const LESSON = { id: 'l1', title: 'Talk', kind: 'video', moduleId: null, captions: [] } as unknown as OutlineLesson;
const VTT = 'WEBVTT\n\n00:00:01.000 --> 00:00:03.000\nHello\n';

function renderForm() {
  const captions = vi.fn(async () => true);
  render(
    <FluentProvider theme={webLightTheme}>
      <CaptionsForm lesson={LESSON} actions={{ captions, deleteCaptions: vi.fn() } as unknown as ContentActions} headingLevel={3} />
    </FluentProvider>,
  );
  return captions;
}

const choose = (text: string) =>
  act(async () => {
    const input = document.querySelector('input[type="file"]') as HTMLInputElement;
    // jsdom's File has no text(): a chosen file as the form reads it.
    fireEvent.change(input, { target: { files: [{ name: 'talk.en.vtt', type: 'text/vtt', text: async () => text }] } });
  });
const upload = () => screen.getByRole('button', { name: 'Upload captions' }) as HTMLButtonElement;

afterEach(cleanup);

describe('the captions form', () => {
  it('refuses a label longer than the server takes, in the server’s words, and sends nothing', async () => {
    const captions = renderForm();
    const label = 'E'.repeat(CAPTIONS_LIMITS.labelLength + 1);
    fireEvent.change(screen.getByLabelText('Captions label'), { target: { value: label } });
    expect(screen.getByText(CAPTIONS_MESSAGES.labelLength)).toBeTruthy();
    expect(captionsUploadSchema.safeParse({ label, vtt: VTT }).error?.issues[0]?.message).toBe(CAPTIONS_MESSAGES.labelLength);
    await choose(VTT);
    expect(upload().disabled).toBe(true);
    fireEvent.submit(upload().closest('form')!);
    expect(captions).not.toHaveBeenCalled();
  });

  it('refuses a file larger than the server takes when it is chosen, and sends nothing', async () => {
    const captions = renderForm();
    const big = VTT + 'x'.repeat(CAPTIONS_LIMITS.fileBytes);
    await choose(big);
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe(CAPTIONS_MESSAGES.fileSize));
    expect(captionsUploadSchema.safeParse({ label: 'English', vtt: big }).error?.issues[0]?.message).toBe(CAPTIONS_MESSAGES.fileSize);
    expect(upload().disabled).toBe(true);
    fireEvent.submit(upload().closest('form')!);
    expect(captions).not.toHaveBeenCalled();
  });

  it('sends a label and file within the limits', async () => {
    const captions = renderForm();
    const label = 'E'.repeat(CAPTIONS_LIMITS.labelLength);
    fireEvent.change(screen.getByLabelText('Captions label'), { target: { value: label } });
    await choose(VTT);
    await waitFor(() => expect(upload().disabled).toBe(false));
    await act(async () => fireEvent.click(upload()));
    expect(captions).toHaveBeenCalledWith(LESSON, 'en', label, VTT);
  });
});
