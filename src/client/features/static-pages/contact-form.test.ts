import { describe, expect, it } from 'vitest';
import { firstProblem } from '#client/lib/forms/form-problem';
import { resolveForm } from '#client/test/resolve-form';
import {
  contactChecks,
  contactFormSchema,
  contactWording,
  emptyContact,
  type ContactValues,
} from './contact-form';

const filled: ContactValues = {
  name: 'Ana',
  email: 'ana@example.com',
  category: 'technical',
  subject: 'Audio',
  message: 'The audio stops.',
};

/** What the form shows, and what it sends, for these values. */
async function submit(values: ContactValues) {
  const { errors, output } = await resolveForm(contactFormSchema, values, contactWording);
  return { problem: firstProblem(errors, contactChecks), output };
}

describe('contact form validation', () => {
  it('requires every field, and names the empty ones', async () => {
    expect((await submit(emptyContact)).problem).toEqual({
      message: 'Please fill in all fields',
      fields: ['name', 'email', 'category', 'subject', 'message'],
    });
    expect((await submit({ ...filled, subject: '   ' })).problem).toEqual({
      message: 'Please fill in all fields',
      fields: ['subject'],
    });
    expect((await submit({ ...filled, category: '' })).problem?.fields).toEqual(['category']);
  });

  it('requires an email address that looks like one', async () => {
    expect((await submit({ ...filled, email: 'ana@' })).problem).toEqual({
      message: 'Please enter a valid email address',
      fields: ['email'],
    });
  });

  it('accepts a complete form and trims what it sends', async () => {
    const { problem, output } = await submit({
      ...filled,
      name: '  Ana ',
      email: ' ana@example.com ',
    });
    expect(problem).toBeNull();
    expect(output).toEqual({ ...filled, name: 'Ana', email: 'ana@example.com' });
  });
});
