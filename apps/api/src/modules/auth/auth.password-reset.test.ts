import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { AUTH_MESSAGES } from '@lawn/shared';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { passwordResetTokens } from '../../db/schema';
import { nextIp, useTestContext } from '../../test/test-app';
import { waitFor } from '../../test/wait-for';

const t = useTestContext();

beforeAll(async () => {
  await t.startWorkers();
});

const outboxDir = () => path.join(t.config.dataDir, 'outbox');

async function outboxFiles(): Promise<string[]> {
  return readdir(outboxDir()).catch(() => []);
}

/** Waits for the send-email job, run by the real pg-boss worker, to drop a new message into the outbox. */
async function waitForNewMessage(before: string[]): Promise<string> {
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline) {
    const added = (await outboxFiles()).filter((file) => !before.includes(file));
    if (added[0]) return readFile(path.join(outboxDir(), added[0]), 'utf8');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('no e-mail arrived in the outbox');
}

/** The text part is quoted-printable; undo its soft line breaks and escapes to read the link. */
function decodeQuotedPrintable(text: string): string {
  return text
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_match, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
}

function tokenFromMessage(message: string): string {
  const match = /\/reset-password\?token=([A-Za-z0-9_-]+)/.exec(decodeQuotedPrintable(message));
  if (!match?.[1]) throw new Error(`no reset link in:\n${message}`);
  return match[1];
}

function recover(email: string) {
  return t.app.inject({
    method: 'POST',
    url: '/api/auth/recover-password',
    payload: { email },
    remoteAddress: nextIp(),
  });
}

function reset(token: string, password: string, confirmation = password) {
  return t.app.inject({
    method: 'POST',
    url: '/api/auth/reset-password',
    payload: { password, password_confirmation: confirmation, password_token: token },
    remoteAddress: nextIp(),
  });
}

/** Asks for a reset link for `email` and returns the token from the delivered e-mail. */
async function requestResetToken(email: string): Promise<{ token: string; message: string }> {
  const before = await outboxFiles();
  expect((await recover(email)).statusCode).toBe(200);
  const message = await waitForNewMessage(before);
  return { token: tokenFromMessage(message), message };
}

describe('password recovery', () => {
  it('answers the same for known and unknown addresses, and only the known one gets mail', async () => {
    const user = await t.createUser();
    const before = await outboxFiles();

    const unknown = await recover('nobody-here@example.com');
    const known = await recover(user.email);
    expect(unknown.statusCode).toBe(200);
    expect(known.statusCode).toBe(200);
    expect(unknown.json()).toEqual({ message: AUTH_MESSAGES.recoverSent });
    expect(known.json()).toEqual(unknown.json());

    const message = await waitForNewMessage(before);
    expect(message).toContain(`To: ${user.email}`);
    expect(message).toContain('Subject: Reset your password');
    expect(decodeQuotedPrintable(message)).toContain(`${t.config.appUrl}/reset-password?token=`);
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect((await outboxFiles()).length - before.length).toBe(1);
  });

  it('validates the address', async () => {
    const response = await recover('not-an-address');
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual({ email: [AUTH_MESSAGES.emailInvalid] });
  });

  it('leaves no reset link, token, address or e-mail body in the job queue', async () => {
    const user = await t.createUser();
    const { token } = await requestResetToken(user.email);
    // The mail is out; the job erases its payload as it finishes.
    await waitFor('the recovery jobs to finish', async () => {
      const { rows } = await t.pool.query(
        `select 1 from pgboss.job where name = 'password-reset' and state::text not in ('completed', 'failed')`,
      );
      return rows.length === 0 ? true : undefined;
    });

    // Every job and archived job of every queue, as text.
    const { rows } = await t.pool.query<{ name: string; text: string }>(
      `select name, row_to_json(job)::text as text from pgboss.job
       union all select name, row_to_json(archive)::text from pgboss.archive`,
    );
    expect(rows.filter((row) => row.name === 'password-reset').length).toBeGreaterThan(0);
    for (const secret of [token, encodeURIComponent(token), user.email, '/reset-password', 'Reset your password']) {
      expect(rows.filter((row) => row.text.includes(secret)).map((row) => row.name)).toEqual([]);
    }
  });

  it('stores only a hash of the reset token', async () => {
    const user = await t.createUser();
    const { token } = await requestResetToken(user.email);
    const rows = await t.db.select().from(passwordResetTokens).where(eq(passwordResetTokens.userId, user.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]?.tokenHash).not.toContain(token);
  });
});

describe('password reset', () => {
  it('sets the new password once, signs out every session and lets the user sign in with it', async () => {
    const user = await t.createUser();
    const oldSession = await t.signIn(user.email);
    const { token } = await requestResetToken(user.email);

    const response = await reset(token, 'my-new-password');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: AUTH_MESSAGES.resetDone });

    const refreshed = await t.app.inject({
      method: 'POST',
      url: '/api/auth/refresh',
      payload: { refreshToken: oldSession.refreshToken },
      remoteAddress: nextIp(),
    });
    expect(refreshed.statusCode).toBe(401);

    await expect(t.signIn(user.email, user.password)).rejects.toThrow(/401/);
    await expect(t.signIn(user.email, 'my-new-password')).resolves.toMatchObject({ authType: 'Bearer' });

    const again = await reset(token, 'another-password');
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({
      message: AUTH_MESSAGES.resetTokenInvalid,
      errors: { password_token: [AUTH_MESSAGES.resetTokenInvalid] },
    });
  });

  it('ends the access tokens of every session at once', async () => {
    const user = await t.createUser();
    const sessions = [await t.signIn(user.email), await t.signIn(user.email)];
    const me = (accessToken: string) =>
      t.app.inject({ url: '/api/me', headers: { authorization: `Bearer ${accessToken}` } });
    for (const session of sessions) expect((await me(session.accessToken)).statusCode).toBe(200);

    const { token } = await requestResetToken(user.email);
    expect((await reset(token, 'my-new-password')).statusCode).toBe(200);

    for (const session of sessions) {
      const response = await me(session.accessToken);
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ message: 'unauthorized' });
    }
  });

  it('refuses an expired link', async () => {
    const user = await t.createUser();
    const { token } = await requestResetToken(user.email);
    await t.db
      .update(passwordResetTokens)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(passwordResetTokens.userId, user.id));

    const response = await reset(token, 'my-new-password');
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(AUTH_MESSAGES.resetTokenInvalid);
    await expect(t.signIn(user.email, user.password)).resolves.toBeDefined();
  });

  it('only honours the newest link', async () => {
    const user = await t.createUser();
    const first = await requestResetToken(user.email);
    const second = await requestResetToken(user.email);

    expect((await reset(first.token, 'my-new-password')).statusCode).toBe(400);
    expect((await reset(second.token, 'my-new-password')).statusCode).toBe(200);
  });

  it('refuses a made-up token', async () => {
    const response = await reset('made-up-token', 'my-new-password');
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(AUTH_MESSAGES.resetTokenInvalid);
  });

  it('requires the confirmation to match, without spending the link', async () => {
    const user = await t.createUser();
    const { token } = await requestResetToken(user.email);

    const mismatch = await reset(token, 'my-new-password', 'my-other-password');
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json()).toEqual({
      message: 'The given data was invalid.',
      errors: { password_confirmation: [AUTH_MESSAGES.passwordsMustMatch] },
    });

    expect((await reset(token, 'my-new-password')).statusCode).toBe(200);
  });

  it('requires a long enough password', async () => {
    const response = await reset('whatever', 'short');
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toMatchObject({ password: [AUTH_MESSAGES.passwordMin] });
  });
});
