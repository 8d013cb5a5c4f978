import { describe, expect, it } from 'vitest';
import { replyMailto } from './admin-inbox.ts';

describe('replyMailto', () => {
  it('addresses the sender with the subject prefilled as a reply', () => {
    expect(replyMailto({ email: 'ana@example.com', subject: 'Hola' })).toBe(
      'mailto:ana@example.com?subject=Re%3A%20Hola',
    );
  });

  it('encodes every character that would end or change the link', () => {
    const href = replyMailto({
      email: 'ana+tag@example.com',
      subject: 'Q&A #2: 50% off? body=x ¿sí?',
    });
    expect(href).toBe(
      'mailto:ana%2Btag@example.com?subject=Re%3A%20Q%26A%20%232%3A%2050%25%20off%3F%20body%3Dx%20%C2%BFs%C3%AD%3F',
    );
    const url = new URL(href);
    expect(url.searchParams.get('subject')).toBe('Re: Q&A #2: 50% off? body=x ¿sí?');
    expect([...url.searchParams.keys()]).toEqual(['subject']);
  });

  it('does not stack "Re:" on a subject that already has one', () => {
    expect(replyMailto({ email: 'a@b.co', subject: 'RE: Hola' })).toBe(
      'mailto:a@b.co?subject=RE%3A%20Hola',
    );
  });
});
