import nodemailer from 'nodemailer';
import { describe, expect, it } from 'vitest';
import { decodeMimeMessage } from './mime-text';

describe('decodeMimeMessage', () => {
  it('decodes quoted-printable bodies and base64 attachments, where a secret is not readable as written', async () => {
    const link = `http://localhost:3000/reset-password?token=${'A1b2C3d4'.repeat(6)}`;
    const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
    const info = await transport.sendMail({
      from: 'office@example.com',
      to: 'Zoë <zoe@example.com>',
      subject: 'Réinitialiser',
      text: `Héllo,\n\nOpen this link to choose a new password: ${link}\n`,
      html: `<p>Héllo, <a href="${link}">choose a new password</a></p>`,
      attachments: [{ filename: 'export.csv', content: 'Customer,Card\nZoe,4111111111111111\n' }],
    });
    const raw = info.message.toString();
    expect(raw).not.toContain(link);
    expect(raw).not.toContain('4111111111111111');

    const text = decodeMimeMessage(raw);
    expect(text).toContain(link);
    expect(text).toContain(`href="${link}"`);
    expect(text).toContain('Zoe,4111111111111111');
    expect(text).toContain('Subject: Réinitialiser');
    expect(text).toContain('Héllo,');
  });
});
