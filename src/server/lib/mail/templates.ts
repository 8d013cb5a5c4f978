import type { MailMessage } from './mailer.ts';

/**
 * The messages the app sends. Each names the platform as its administrator calls it (the
 * platform settings, src/shared/site-identity.ts): in the subject, the text and the signature,
 * and as the sender's name (`fromName`, the address stays MAIL_FROM's).
 */

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

function layout(
  siteName: string,
  title: string,
  paragraphs: string[],
  action?: { label: string; url: string },
) {
  const html = `<!doctype html><html><body style="font-family:Georgia,serif;background:#faf6ef;padding:24px;color:#2b2521">
<div style="max-width:520px;margin:auto;background:#fff;border-radius:12px;padding:28px">
<h1 style="font-size:22px;margin:0 0 16px">${escapeHtml(title)}</h1>
${paragraphs.map((p) => `<p style="line-height:1.5">${escapeHtml(p)}</p>`).join('\n')}
${
  action
    ? `<p style="margin:24px 0"><a href="${escapeHtml(action.url)}" style="background:#b5441f;color:#fff;padding:12px 20px;border-radius:999px;text-decoration:none">${escapeHtml(action.label)}</a></p>
<p style="font-size:13px;color:#6b6158">If the button does not work, open this address: ${escapeHtml(action.url)}</p>`
    : ''
}
<p style="font-size:13px;color:#6b6158">— ${escapeHtml(siteName)}</p></div></body></html>`;
  const text = [
    title,
    '',
    ...paragraphs,
    ...(action ? ['', `${action.label}: ${action.url}`] : []),
    '',
    `— ${siteName}`,
  ].join('\n');
  return { html, text };
}

export function confirmationEmail(
  siteName: string,
  to: string,
  name: string,
  url: string,
): MailMessage {
  return {
    to,
    fromName: siteName,
    subject: `Confirm your ${siteName} account`,
    ...layout(
      siteName,
      `¡Hola, ${name}!`,
      [
        `Thanks for signing up to ${siteName}. Please confirm your email address to start listening.`,
        'This link works once and expires in 24 hours.',
      ],
      { label: 'Confirm my email', url },
    ),
  };
}

export function passwordResetEmail(siteName: string, to: string, url: string): MailMessage {
  return {
    to,
    fromName: siteName,
    subject: `Reset your ${siteName} password`,
    ...layout(
      siteName,
      'Reset your password',
      [
        `Someone (hopefully you) asked to reset the password of your ${siteName} account.`,
        'This link works once and expires in 1 hour. If you did not ask for it, ignore this email.',
      ],
      { label: 'Choose a new password', url },
    ),
  };
}

export function existingAccountEmail(
  siteName: string,
  to: string,
  signInUrl: string,
  resetUrl: string,
): MailMessage {
  return {
    to,
    fromName: siteName,
    subject: `You already have a ${siteName} account`,
    ...layout(siteName, 'You already have an account', [
      `Someone tried to create a ${siteName} account with this email address, which already has one.`,
      `Sign in at ${signInUrl}, or reset your password at ${resetUrl}. If it was not you, ignore this email.`,
    ]),
  };
}
