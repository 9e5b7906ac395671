import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

const dir = mkdtempSync(path.join(os.tmpdir(), 'gearhouse-config-social-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('loadConfig: the footer’s social links', () => {
  it('has none by default: the footer then shows no icon', () => {
    expect(loadConfig({ DATA_DIR: dir }).social).toEqual({});
  });

  it('takes an https address per network, leaving out the unset and the blank ones', () => {
    const config = loadConfig({
      DATA_DIR: dir,
      SOCIAL_FACEBOOK_URL: 'https://www.facebook.com/gearhouse',
      SOCIAL_INSTAGRAM_URL: ' https://www.instagram.com/gearhouse ',
      SOCIAL_X_URL: '',
      SOCIAL_YOUTUBE_URL: 'https://www.youtube.com/@gearhouse',
    });
    expect(config.social).toEqual({
      facebook: 'https://www.facebook.com/gearhouse',
      instagram: 'https://www.instagram.com/gearhouse',
      youtube: 'https://www.youtube.com/@gearhouse',
    });
  });

  it.each([
    ['SOCIAL_FACEBOOK_URL', 'http://www.facebook.com/gearhouse'],
    ['SOCIAL_X_URL', 'x.com/gearhouse'],
    ['SOCIAL_YOUTUBE_URL', 'javascript:alert(1)'],
    ['SOCIAL_LINKEDIN_URL', 'not a url'],
  ])('refuses to start with %s=%s, naming the variable', (name, value) => {
    expect(() => loadConfig({ DATA_DIR: dir, [name]: value })).toThrow(ConfigError);
    expect(() => loadConfig({ DATA_DIR: dir, [name]: value })).toThrow(new RegExp(`${name}: must be an https:// address`));
  });
});
