import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import * as copy from '#shared/copy';
import { testConfig } from '../../testing/test-app';
import { createMailer, firstLink } from './mailer';
import { passwordResetMail } from './messages';

describe('the outbox mailer (no SMTP_URL)', () => {
  const dirs: string[] = [];
  afterEach(() => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  it('writes each message as an .eml file and logs one line with its link', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'gearhouse-outbox-'));
    dirs.push(dir);
    const config = testConfig(dir);
    const lines: { obj: object; message?: string }[] = [];
    const record = (obj: object, message?: string) => {
      lines.push({ obj, message });
    };
    const mailer = createMailer(config, { debug: record, info: record, warn: record, error: record });

    const link = 'http://localhost:3000/reset-password?token=abc123';
    await mailer.send(passwordResetMail({ email: 'fay@example.com', name: 'Fay <b>', addressConfirmed: true }, link));

    const files = readdirSync(config.mail.outboxDir);
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/\.eml$/);
    const eml = readFileSync(path.join(config.mail.outboxDir, files[0] ?? ''), 'utf8');
    expect(eml).toContain('To: fay@example.com');
    expect(eml).toContain(`Subject: ${copy.mail.resetSubject}`);
    expect(eml).toContain('Content-Type: text/html');
    expect(eml).toContain('Fay &#60;b&#62;');
    expect(lines).toHaveLength(1);
    expect(lines[0]?.message).toContain(link);
    expect(lines[0]?.obj).toMatchObject({ link, file: path.join(config.mail.outboxDir, files[0] ?? '') });
  });

  it('finds the first link in a text', () => {
    expect(firstLink('Open https://shop.example/reset-password?token=x-1 now.\nOr http://other')).toBe(
      'https://shop.example/reset-password?token=x-1',
    );
    expect(firstLink('no link here')).toBeUndefined();
  });
});
