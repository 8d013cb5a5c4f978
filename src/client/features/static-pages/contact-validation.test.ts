import { describe, expect, it } from 'vitest';
import {
  emptyContact,
  toContactBody,
  validateContact,
  type ContactValues,
} from './contact-validation';

const filled: ContactValues = {
  name: 'Ana',
  email: 'ana@example.com',
  category: 'technical',
  subject: 'Audio',
  message: 'The audio stops.',
};

describe('contact form validation', () => {
  it('requires every field, and names the empty ones', () => {
    expect(validateContact(emptyContact)).toEqual({
      message: 'Please fill in all fields',
      fields: ['name', 'email', 'category', 'subject', 'message'],
    });
    expect(validateContact({ ...filled, subject: '   ' })).toEqual({
      message: 'Please fill in all fields',
      fields: ['subject'],
    });
    expect(validateContact({ ...filled, category: '' })?.fields).toEqual(['category']);
  });

  it('requires an email address that looks like one', () => {
    expect(validateContact({ ...filled, email: 'ana@' })).toEqual({
      message: 'Please enter a valid email address',
      fields: ['email'],
    });
  });

  it('accepts a complete form and trims what it sends', () => {
    expect(validateContact(filled)).toBeNull();
    expect(toContactBody({ ...filled, name: '  Ana ', email: ' ana@example.com ' })).toEqual({
      ...filled,
      name: 'Ana',
      email: 'ana@example.com',
    });
  });
});
