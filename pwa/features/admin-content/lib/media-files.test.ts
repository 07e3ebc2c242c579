/** The Content tab's file facts: PDFs by their bytes, sizes, times, video states in words, tus ids, captions. */
import { describe, expect, it } from 'vitest';
import { CAPTIONS_LIMITS, CAPTIONS_MESSAGES, LEARNING_MESSAGES } from '@contracts/learning';
import { CAPTION_LANG, captionsLabelProblem, captionsProblem, clockTime, isPdf, pdfProblem, uploadIdOf, videoInProgress, videoStateText } from './media-files';
import { formatBytes } from '@pwa/lib/format';

describe('files and media in the Content tab', () => {
  it('knows a PDF by its first bytes, not by its name or type', async () => {
    expect(await isPdf(new Blob(['%PDF-1.7\n...\n%%EOF'], { type: 'application/octet-stream' }))).toBe(true);
    expect(await isPdf(new Blob(['\u0089PNG\r\n'], { type: 'application/pdf' }))).toBe(false);
    expect(await pdfProblem(new Blob(['PK\u0003\u0004 a zip']))).toBe(LEARNING_MESSAGES.notPdf);
    expect(await pdfProblem(new Blob(['%PDF-1.4']))).toBeUndefined();
  });

  it('says sizes and times as people read them', () => {
    expect(formatBytes(512)).toBe('512 B');
    expect(formatBytes(12_700)).toBe('12.4 KB');
    expect(formatBytes(8 * 1024 * 1024)).toBe('8.0 MB');
    expect(clockTime(3)).toBe('0:03');
    expect(clockTime(83.4)).toBe('1:23');
    expect(clockTime(3723)).toBe('1:02:03');
  });

  it('says a video state in words and polls only while the server works on it', () => {
    const state = (status: 'queued' | 'processing' | 'ready' | 'failed', extra = {}) => ({ status, progress: 0, durationSeconds: null, error: null, ...extra });
    expect(videoStateText(undefined)).toBe('No video yet');
    expect(videoStateText(state('queued'))).toBe('Queued');
    expect(videoStateText(state('processing', { progress: 37.4 }))).toBe('Processing 37 %');
    expect(videoStateText(state('ready', { durationSeconds: 125 }))).toBe('Ready (2:05)');
    expect(videoStateText(state('failed', { error: 'No video stream' }))).toBe('Failed: No video stream');
    expect(videoInProgress(state('queued'))).toBe(true);
    expect(videoInProgress(state('processing'))).toBe(true);
    expect(videoInProgress(state('ready'))).toBe(false);
    expect(videoInProgress(state('failed'))).toBe(false);
    expect(videoInProgress(undefined)).toBe(false);
  });

  it('takes the upload id from the last path segment of the address tus answers', () => {
    expect(uploadIdOf('/api/uploads/video/0f0e3c1a-1d2b-4c5d-8e9f-0a1b2c3d4e5f')).toBe('0f0e3c1a-1d2b-4c5d-8e9f-0a1b2c3d4e5f');
    expect(uploadIdOf('http://localhost:4319/api/uploads/video/abc/')).toBe('abc');
  });

  it('takes language codes and WebVTT text as the server does', () => {
    expect(CAPTION_LANG.test('en')).toBe(true);
    expect(CAPTION_LANG.test('pt-BR')).toBe(true);
    expect(CAPTION_LANG.test('English')).toBe(false);
    expect(captionsProblem('WEBVTT\n\n00:00.000 --> 00:01.000\nHi')).toBeUndefined();
    expect(captionsProblem('\uFEFFWEBVTT - title\n')).toBeUndefined();
    expect(captionsProblem('1\n00:00:00,000 --> 00:00:01,000\nHi')).toMatch(/WebVTT/);
  });

  it('takes captions files and labels within the server’s limits, in its words', () => {
    const head = 'WEBVTT\n\n00:00.000 --> 00:01.000\n';
    expect(captionsProblem(head + 'a'.repeat(CAPTIONS_LIMITS.fileBytes - head.length))).toBeUndefined();
    expect(captionsProblem(head + 'a'.repeat(CAPTIONS_LIMITS.fileBytes - head.length + 1))).toBe(CAPTIONS_MESSAGES.fileSize);
    // UTF-8 bytes, as the server counts: "é" is two.
    expect(captionsProblem(head + 'é'.repeat(CAPTIONS_LIMITS.fileBytes / 2))).toBe(CAPTIONS_MESSAGES.fileSize);
    expect(captionsLabelProblem('English')).toBeUndefined();
    expect(captionsLabelProblem(' '.repeat(3))).toBe(CAPTIONS_MESSAGES.labelRequired);
    expect(captionsLabelProblem('E'.repeat(CAPTIONS_LIMITS.labelLength))).toBeUndefined();
    expect(captionsLabelProblem('E'.repeat(CAPTIONS_LIMITS.labelLength + 1))).toBe(CAPTIONS_MESSAGES.labelLength);
  });
});
