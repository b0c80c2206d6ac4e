/** @jsxImportSource @emotion/react */
'use client';

import { css } from '@emotion/react';
import {
  useId,
  useState,
  type ButtonHTMLAttributes,
  type InputHTMLAttributes,
  type ReactNode,
  type SelectHTMLAttributes,
  type Ref,
} from 'react';
import { theme } from '@/lib/theme';
import { monthOfText } from '@contract/uploads';

/** Small, accessible building blocks: every field has a label, every error is announced. */

export const buttonStyle = (variant: 'primary' | 'secondary' | 'danger' = 'primary') => css`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  gap: 0.4rem;
  min-height: 44px;
  padding: 0.55rem 1.1rem;
  border-radius: ${theme.radius};
  border: 1px solid ${variant === 'secondary' ? theme.color.border : 'transparent'};
  background: ${variant === 'primary' ? theme.color.primary : variant === 'danger' ? theme.color.dangerStrong : theme.color.surface};
  color: ${variant === 'secondary' ? theme.color.text : theme.color.onPrimary};
  font: inherit;
  font-weight: 600;
  text-decoration: none;
  cursor: pointer;
  &:hover:not(:disabled) {
    filter: brightness(0.92);
  }
  &:disabled {
    opacity: 0.6;
    cursor: not-allowed;
  }
`;

/** A button among many in a dense place (a row, a toolbar): smaller, except where fingers press it. */
const compactStyle = css`
  min-height: 32px;
  padding: 0.2rem 0.7rem;
  font-size: 0.9rem;
  @media (pointer: coarse) {
    min-height: 44px;
  }
`;

export const Button = ({
  variant = 'primary',
  compact = false,
  ...props
}: ButtonHTMLAttributes<HTMLButtonElement> & {
  variant?: 'primary' | 'secondary' | 'danger';
  /** @default false */
  compact?: boolean;
}) => <button type="button" css={[buttonStyle(variant), compact && compactStyle]} {...props} />;

export const Card = ({
  children,
  label,
  id,
  dense = false,
}: {
  children: ReactNode;
  label?: string;
  id?: string;
  /** Less room around a card whose content is itself dense (the statement list, the upload band). @default false */
  dense?: boolean;
}) => (
  <section
    id={id}
    aria-label={label}
    css={css`
      background: ${theme.color.surface};
      border: 1px solid ${theme.color.border};
      border-radius: ${theme.radius};
      padding: ${dense ? '0.75rem 1rem' : '1.25rem'};
      margin: 0 0 ${dense ? '1rem' : '1.25rem'};
      @media (max-width: 480px) {
        padding: ${dense ? '0.75rem' : '1rem 0.85rem'};
      }
    `}
  >
    {children}
  </section>
);

const fieldStyle = css`
  display: flex;
  flex-direction: column;
  gap: 0.3rem;
  margin: 0 0 1rem;
`;

const labelStyle = css`
  font-weight: 600;
`;

/** An input or select box; a field with an error gets a red border. */
const controlStyle = (invalid = false) => css`
  min-height: 44px;
  padding: 0.5rem 0.7rem;
  border: 1px solid ${invalid ? theme.color.danger : theme.color.border};
  border-radius: ${theme.radius};
  font: inherit;
  width: 100%;
  box-sizing: border-box;
`;

/**
 * Writes a month typed the way people type it ("03/2024", "Mar 2024") as the field's own
 * value (2024-03) when the field is left, so what it shows is what is saved. It sets the
 * value as typing would (the input's own setter, then an input event), so a controlled
 * field's onChange hears it too.
 */
export const writeMonth = (input: HTMLInputElement) => {
  const month = monthOfText(input.value);
  if (!month || month === input.value) return;
  Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set?.call(input, month);
  input.dispatchEvent(new Event('input', { bubbles: true }));
};

/**
 * A month, as text: typed key by key in any of the ways people write one, in every browser
 * (a native month picker's segments drop what is typed after a click in most of them), and
 * written as 2024-03 when the field is left. What reads it takes the same ways through
 * `monthOfText`, so a form sent before the page's script ran reads the same month.
 */
export const MonthField = ({ onBlur, placeholder = '2024-03', ...props }: Parameters<typeof TextField>[0]) => (
  <TextField
    {...props}
    type="text"
    autoComplete="off"
    spellCheck={false}
    placeholder={placeholder}
    onBlur={(event) => {
      writeMonth(event.currentTarget);
      onBlur?.(event);
    }}
  />
);

export const TextField = ({
  label,
  hint,
  error,
  hideLabel = false,
  ...input
}: InputHTMLAttributes<HTMLInputElement> & {
  label: string;
  hint?: string;
  error?: string;
  ref?: Ref<HTMLInputElement>;
  /** Only where the place says what the field is (a search box in a search form): the label is for screen readers. @default false */
  hideLabel?: boolean;
}) => {
  const id = useId();
  const [shown, setShown] = useState(false);
  const describedBy = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;
  const password = input.type === 'password';
  const control = (
    <input
      id={id}
      aria-invalid={error ? true : undefined}
      aria-describedby={describedBy}
      css={controlStyle(Boolean(error))}
      {...input}
      type={password && shown ? 'text' : input.type}
    />
  );
  return (
    <div css={fieldStyle}>
      <label htmlFor={id} css={labelStyle} className={hideLabel ? 'visually-hidden' : undefined}>
        {label}
      </label>
      {password ? (
        // A password can be shown while typed; the button names what it does in its text, so the field keeps the only label.
        <div
          css={css`
            display: flex;
            gap: 0.5rem;
            > input {
              flex: 1;
            }
          `}
        >
          {control}
          <button
            type="button"
            aria-controls={id}
            aria-pressed={shown}
            onClick={() => setShown((value) => !value)}
            css={buttonStyle('secondary')}
          >
            {shown ? 'Hide' : 'Show'}
          </button>
        </div>
      ) : (
        control
      )}
      {hint && <FieldHint id={`${id}-hint`}>{hint}</FieldHint>}
      {error && (
        <span
          id={`${id}-error`}
          role="alert"
          css={css`
            color: ${theme.color.danger};
            font-size: 0.9rem;
          `}
        >
          {error}
        </span>
      )}
    </div>
  );
};

/** A labelled choice among options the server gave (value and text of each). */
/** A hint under a field, named by the field's `aria-describedby`. */
const FieldHint = ({ id, children }: { id: string; children: string }) => (
  <span
    id={id}
    css={css`
      color: ${theme.color.muted};
      font-size: 0.9rem;
    `}
  >
    {children}
  </span>
);

export const SelectField = ({
  label,
  options,
  hint,
  hideLabel = false,
  ...select
}: SelectHTMLAttributes<HTMLSelectElement> & {
  label: string;
  options: { value: string; text: string }[];
  hint?: string;
  /** Only for a choice its options name well enough ("All periods"): the label is for screen readers. @default false */
  hideLabel?: boolean;
}) => {
  const id = useId();
  return (
    <div css={fieldStyle}>
      <label htmlFor={id} css={labelStyle} className={hideLabel ? 'visually-hidden' : undefined}>
        {label}
      </label>
      <select
        id={id}
        aria-describedby={hint ? `${id}-hint` : undefined}
        css={[
          controlStyle(),
          css`
            background: ${theme.color.surface};
          `,
        ]}
        {...select}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.text}
          </option>
        ))}
      </select>
      {hint && <FieldHint id={`${id}-hint`}>{hint}</FieldHint>}
    </div>
  );
};

export const FormError = ({ message }: { message?: string }) =>
  message ? (
    <p
      role="alert"
      css={css`
        color: ${theme.color.danger};
        background: ${theme.color.dangerSurface};
        border: 1px solid ${theme.color.dangerBorder};
        border-radius: ${theme.radius};
        padding: 0.6rem 0.8rem;
      `}
    >
      {message}
    </p>
  ) : null;

export const ProgressBar = ({ value, max, label }: { value: number; max: number; label: string }) => (
  <progress
    value={value}
    max={max}
    aria-label={label}
    css={css`
      width: 100%;
      height: 0.6rem;
      accent-color: ${theme.color.primary};
    `}
  />
);

export const narrowForm = css`
  max-width: 26rem;
`;
