/** Field errors reach screen readers: the input is marked invalid and described by its message. */
import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { render } from '../../../../testing/test-utils.tsx';
import { PasswordField, PhoneField } from './fields.tsx';

describe('auth fields with an error', () => {
  it('the password input is marked invalid and described by its error, like the phone input', () => {
    render(
      <>
        <PhoneField dialCode="40" value="7" onChange={() => {}} error="Numărul de telefon nu este valid" />
        <PasswordField label="Parolă" value="x" onChange={() => {}} error="Parola trebuie să aibă cel puțin 8 caractere" testId="pw" />
      </>,
    );
    const phone = screen.getByTestId('phone-field');
    expect(phone).toHaveAttribute('aria-invalid', 'true');
    const password = screen.getByLabelText('Parolă');
    expect(password).toHaveAttribute('aria-invalid', 'true');
    expect(password).toHaveAccessibleDescription('Parola trebuie să aibă cel puțin 8 caractere');
  });

  it('without an error the password input is not marked invalid', () => {
    render(<PasswordField label="Parolă" value="" onChange={() => {}} />);
    expect(screen.getByLabelText('Parolă')).not.toHaveAttribute('aria-invalid', 'true');
  });
});
