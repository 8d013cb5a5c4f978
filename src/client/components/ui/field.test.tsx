// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { Field } from './field';
import { Checkbox, Input, Select, Textarea } from './input';

afterEach(cleanup);

describe('<Field />', () => {
  it('labels its control and describes it with the error, then the hint', () => {
    render(
      <Field label="Tag Name" error="Tag name is required" hint="Shown in the list.">
        <Input />
      </Field>,
    );
    const input = screen.getByRole('textbox', { name: 'Tag Name' });
    expect(input).toHaveAccessibleDescription('Tag name is required Shown in the list.');
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('is neither invalid nor described when there is nothing to say', () => {
    render(
      <Field label="Subject">
        <Input />
      </Field>,
    );
    const input = screen.getByRole('textbox', { name: 'Subject' });
    expect(input).not.toHaveAttribute('aria-invalid');
    expect(input).not.toHaveAttribute('aria-describedby');
  });

  it('marks a control invalid without a message of its own', () => {
    render(
      <Field label="Message" invalid>
        <Textarea />
      </Field>,
    );
    const textarea = screen.getByRole('textbox', { name: 'Message' });
    expect(textarea).toHaveAttribute('aria-invalid', 'true');
    expect(textarea).not.toHaveAttribute('aria-describedby');
  });

  it('shows a required field with an asterisk the label does not read out', () => {
    render(
      <Field label="Difficulty Level" required>
        <Select>
          <option>Beginner</option>
        </Select>
      </Field>,
    );
    const select = screen.getByRole('combobox', { name: 'Difficulty Level' });
    expect(select).toHaveAttribute('aria-required', 'true');
    expect(screen.getByText('*')).toHaveAttribute('aria-hidden', 'true');
  });

  it('announces its error at once when asked to', () => {
    render(
      <Field label="Name" error="Migration name is required" announceError>
        <Input />
      </Field>,
    );
    expect(screen.getByRole('alert')).toHaveTextContent('Migration name is required');
  });

  it('puts a checkbox before its label and hint', () => {
    render(
      <Field label="Remember me" hint="On this device only." layout="inline">
        <Checkbox />
      </Field>,
    );
    const checkbox = screen.getByRole('checkbox', { name: 'Remember me' });
    expect(checkbox).toHaveAccessibleDescription('On this device only.');
    expect(checkbox.compareDocumentPosition(screen.getByText('Remember me'))).toBe(
      Node.DOCUMENT_POSITION_FOLLOWING,
    );
  });

  it('keeps a control’s own description when it gives one', () => {
    render(
      <>
        <Field label="Custom amount (USD)" labelAside={<a href="/help">Help</a>}>
          <Input aria-describedby="outside" />
        </Field>
        <p id="outside">Whole dollars.</p>
      </>,
    );
    expect(
      screen.getByRole('textbox', { name: 'Custom amount (USD)' }),
    ).toHaveAccessibleDescription('Whole dollars.');
    expect(screen.getByRole('link', { name: 'Help' })).toBeVisible();
  });
});
