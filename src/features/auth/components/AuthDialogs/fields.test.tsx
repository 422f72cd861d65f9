/** Field errors reach screen readers: the input is marked invalid and described by its message. */
import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useForm } from '@mantine/form';
import { render } from '#src/testing/test-utils.tsx';
import { CountryField, PasswordField, PhoneField } from './fields.tsx';

/** The fields wired the way the forms wire them: `{...form.getInputProps(field)}`. */
function Wired() {
  const form = useForm({
    mode: 'controlled',
    initialValues: { country: 'România', phone: '', password: '' },
    initialErrors: { phone: 'Numărul de telefon nu este valid', password: 'Parola nu este corectă.' },
  });
  return (
    <>
      <CountryField countries={[{ name: 'România', phone_code: '+40', iso_code: 'RO' }]} {...form.getInputProps('country')} />
      <PhoneField dialCode="+40" {...form.getInputProps('phone')} />
      <PasswordField label="Parolă" {...form.getInputProps('password')} testId="pw" />
    </>
  );
}

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

  it("takes form.getInputProps as it is: the value, its message, digits only, and typing clears the field's message", async () => {
    const typing = userEvent.setup();
    render(<Wired />);
    expect(screen.getByTestId('country-field')).toHaveValue('România (+40)');
    const phone = screen.getByTestId('phone-field');
    const password = screen.getByLabelText('Parolă');
    expect(phone).toHaveAccessibleDescription('Numărul de telefon nu este valid');
    expect(password).toHaveAttribute('aria-invalid', 'true');
    expect(password).toHaveAccessibleDescription('Parola nu este corectă.');

    await typing.type(phone, '7a2-2');
    expect(phone).toHaveValue('722');
    expect(phone).not.toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByText('Numărul de telefon nu este valid')).not.toBeInTheDocument();
    expect(password).toHaveAccessibleDescription('Parola nu este corectă.');

    await typing.type(password, 'x');
    expect(password).toHaveValue('x');
    expect(password).not.toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByText('Parola nu este corectă.')).not.toBeInTheDocument();
  });
});
