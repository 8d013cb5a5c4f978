import { z } from 'zod';
import {
  contactBodySchema,
  contactCategories,
  contactCategoryLabels,
  type ContactBody,
} from '#shared/contracts/site';
import { messages } from '#shared/messages';
import { isValidEmail } from '#shared/validation/account-rules';
import type { FormWording } from '#client/lib/forms/use-schema-form';

/**
 * The contact form's schema: the contract's body (POST /api/contact), whose blank fields this form
 * words 'Please fill in all fields', plus the address check the server makes too. The category is
 * text until chosen ('' before).
 */
export const contactFormSchema = contactBodySchema.extend({
  email: contactBodySchema.shape.email.min(1).refine(isValidEmail, messages.form.emailInvalid),
  category: z.string().pipe(contactBodySchema.shape.category),
});

/** The contract's unworded issues here are blank fields (its lengths are the inputs' maxLength). */
export const contactWording: FormWording = () => messages.form.fillAllFields;

/** The order the form checks in: every field filled, then the address. */
export const contactChecks = [messages.form.fillAllFields, messages.form.emailInvalid] as const;

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

/** An input's maxLength: the contract's limit for that field. */
export const contactMaxLength = (field: Exclude<keyof ContactValues, 'category'>) =>
  contactBodySchema.shape[field].maxLength ?? undefined;

/** The categories and their labels (admin spec, contact page; the admin inbox shows the same). */
export const contactCategoryOptions: ReadonlyArray<{
  value: ContactBody['category'];
  label: string;
}> = contactCategories.map((value) => ({ value, label: contactCategoryLabels[value] }));
