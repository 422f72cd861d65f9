import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ContactPayload, ContactResponse } from '#contract/support.ts';
import type { ValidationErrorBody } from '#contract/envelope.ts';
import { fireEvent, render, screen, waitFor } from '#src/testing/test-utils.tsx';
import { HttpResponse, http, setupApiServer } from '#src/testing/msw.ts';
import { ApiError } from '#src/lib/api-client.ts';
import { sendContactMessage } from '../../api/send-contact.ts';
import { ContactForm } from './ContactForm.tsx';

const server = setupApiServer();

const form = () => screen.getByTestId('contact-form');
const field = (label: RegExp) => screen.getByLabelText(label) as HTMLInputElement;
const fillValid = () => {
  fireEvent.change(field(/^Nume/), { target: { value: 'Maria Ionescu' } });
  fireEvent.change(field(/^Subiect/), { target: { value: 'Factură' } });
  fireEvent.change(field(/^Mesaj/), { target: { value: 'Am nevoie de factura pe firmă.' } });
};

describe('ContactForm', () => {
  afterEach(() => localStorage.clear());

  it('shows every field’s message from the shared schema, e-mail or phone on both', async () => {
    const onSubmit = vi.fn();
    render(<ContactForm draftKey={null} onSubmit={onSubmit} />);
    fireEvent.submit(form());
    expect(await screen.findByText('Câmpul nume este obligatoriu')).toBeInTheDocument();
    expect(screen.getByText('Câmpul subiect este obligatoriu')).toBeInTheDocument();
    expect(screen.getByText('Câmpul mesaj este obligatoriu')).toBeInTheDocument();
    expect(screen.getAllByText('Completează adresa de e-mail sau numărul de telefon, ca să-ți putem răspunde')).toHaveLength(2);
    fireEvent.change(field(/^Telefon/), { target: { value: '0721' } });
    // Typing one of them answers the message on both.
    expect(screen.queryByText('Completează adresa de e-mail sau numărul de telefon, ca să-ți putem răspunde')).toBeNull();
    fireEvent.submit(form());
    expect(await screen.findByText('Numărul de telefon nu este valid')).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('keeps only digits in the phone, with a numeric keypad', () => {
    render(<ContactForm draftKey={null} onSubmit={vi.fn()} />);
    const phone = field(/^Telefon/);
    expect(phone).toHaveAttribute('inputmode', 'numeric');
    fireEvent.change(phone, { target: { value: '+40 721-234 567' } });
    expect(phone.value).toBe('40721234567');
  });

  it('shows the server’s per-field messages and its limit message', async () => {
    const onSubmit = vi
      .fn()
      .mockRejectedValueOnce(new ApiError(422, 'Datele nu sunt valide', { email: ['Adresa de e-mail nu este validă'] }))
      .mockRejectedValueOnce(new ApiError(429, 'Prea multe încercări. Încearcă din nou mai târziu.'));
    render(<ContactForm draftKey={null} onSubmit={onSubmit} />);
    fillValid();
    fireEvent.change(field(/^E-mail/), { target: { value: 'maria@example.ro' } });
    fireEvent.submit(form());
    expect(await screen.findByText('Adresa de e-mail nu este validă')).toBeInTheDocument();
    fireEvent.submit(form());
    expect(await screen.findByTestId('form-error')).toHaveTextContent('Prea multe încercări');
  });

  it('prefills the shopper, replaces the form with the confirmation and lets them write again', async () => {
    const onSubmit = vi.fn().mockResolvedValue({ message: 'Îți mulțumim! Am primit mesajul tău.' });
    render(
      <ContactForm
        draftKey="draft:contact:5"
        prefill={{ name: 'Ana Pop', email: 'ana@example.ro', phone: '721234567' }}
        onSubmit={onSubmit}
      />,
    );
    expect(field(/^Nume/).value).toBe('Ana Pop');
    fireEvent.change(field(/^Subiect/), { target: { value: 'Livrare' } });
    fireEvent.change(field(/^Mesaj/), { target: { value: 'Livrați și sâmbăta?' } });
    expect(JSON.parse(localStorage.getItem('draft:contact:5')!)).toMatchObject({ subject: 'Livrare' });
    fireEvent.submit(form());
    expect(await screen.findByTestId('contact-sent')).toHaveTextContent('Îți mulțumim! Am primit mesajul tău.');
    expect(onSubmit).toHaveBeenCalledWith({
      name: 'Ana Pop',
      email: 'ana@example.ro',
      phone: '721234567',
      subject: 'Livrare',
      message: 'Livrați și sâmbăta?',
    });
    expect(screen.queryByTestId('contact-form')).toBeNull();
    expect(localStorage.getItem('draft:contact:5')).toBeNull();
    fireEvent.click(screen.getByTestId('contact-again'));
    await waitFor(() => expect(field(/^Subiect/).value).toBe(''));
    expect(field(/^Nume/).value).toBe('Ana Pop');
  });

  it('through the API: sends the parsed message as JSON, a 422 answer on its fields, then the confirmation', async () => {
    const bodies: ContactPayload[] = [];
    server.use(
      http.post<never, ContactPayload, ValidationErrorBody>('/api/contact', async ({ request }) => {
        bodies.push(await request.json());
        return HttpResponse.json(
          { message: 'Datele nu sunt valide', errors: { phone: ['Numărul de telefon nu este valid'] } },
          { status: 422 },
        );
      }),
    );
    render(<ContactForm draftKey="draft:contact:guest" onSubmit={async (payload) => (await sendContactMessage(payload)).data} />);
    fillValid();
    fireEvent.change(field(/^Telefon/), { target: { value: '0721234567' } });
    fireEvent.submit(form());
    expect(await screen.findByText('Numărul de telefon nu este valid')).toBeInTheDocument();
    expect(bodies).toEqual([{ name: 'Maria Ionescu', phone: '0721234567', subject: 'Factură', message: 'Am nevoie de factura pe firmă.' }]);

    server.use(
      http.post<never, ContactPayload, ContactResponse>('/api/contact', () =>
        HttpResponse.json({ message: 'ok', data: { message: 'Îți mulțumim! Am primit mesajul tău.' } }, { status: 201 }),
      ),
    );
    fireEvent.submit(form());
    expect(await screen.findByTestId('contact-sent')).toHaveTextContent('Îți mulțumim! Am primit mesajul tău.');
    expect(localStorage.getItem('draft:contact:guest')).toBeNull();
  });
});
