import type { ContactBody } from '#shared/contracts/site';
import { EMAIL_MAX_LENGTH, isValidEmail } from '#shared/validation/account-rules';

/** The form's fields, as typed (the category may still be unchosen). */
export interface ContactValues {
  name: string;
  email: string;
  category: ContactBody['category'] | '';
  subject: string;
  message: string;
}

export const emptyContact: ContactValues = {
  name: '',
  email: '',
  category: '',
  subject: '',
  message: '',
};

/** The categories and their labels (admin spec, contact page). */
export const contactCategoryOptions: ReadonlyArray<{
  value: ContactBody['category'];
  label: string;
}> = [
  { value: 'general', label: 'General Support' },
  { value: 'technical', label: 'Technical Issue' },
  { value: 'feature', label: 'Feature Request' },
  { value: 'billing', label: 'Billing/Payments' },
  { value: 'content', label: 'Content Feedback' },
];

/** The server's length limits (contactBodySchema), repeated as input maxLength attributes. */
export const contactLimits = {
  name: 255,
  email: EMAIL_MAX_LENGTH,
  subject: 200,
  message: 5000,
} as const;

export const contactMessages = {
  fillAllFields: 'Please fill in all fields',
  emailInvalid: 'Please enter a valid email address',
} as const;

export interface ContactProblem {
  message: string;
  /** The fields to mark invalid. */
  fields: Array<keyof ContactValues>;
}

/** Every field is required and the email must look like one; null when the form may be sent. */
export function validateContact(values: ContactValues): ContactProblem | null {
  const blank = (Object.keys(values) as Array<keyof ContactValues>).filter(
    (field) => values[field].trim() === '',
  );
  if (blank.length > 0) return { message: contactMessages.fillAllFields, fields: blank };
  if (!isValidEmail(values.email.trim())) {
    return { message: contactMessages.emailInvalid, fields: ['email'] };
  }
  return null;
}

/** The body POST /api/contact expects, trimmed. Call only after validateContact passed. */
export const toContactBody = (values: ContactValues): ContactBody => ({
  name: values.name.trim(),
  email: values.email.trim(),
  category: values.category as ContactBody['category'],
  subject: values.subject.trim(),
  message: values.message.trim(),
});
