import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor } from '../../../../testing/test-utils.tsx';
import { ApiError } from '../../../../lib/api-client.ts';
import { ReplyForm } from './ReplyForm.tsx';

const textarea = () => screen.getByTestId('reply-form').querySelector('textarea') as HTMLTextAreaElement;

describe('ReplyForm', () => {
  afterEach(() => localStorage.clear());

  it('checks the message with the contract and keeps a draft per ticket', async () => {
    const onSubmit = vi.fn();
    const { unmount } = render(<ReplyForm draftKey="draft:support-reply:1:T-0123456789" onSubmit={onSubmit} />);
    fireEvent.submit(screen.getByTestId('reply-form'));
    expect(await screen.findByText('Câmpul mesaj este obligatoriu')).toBeInTheDocument();
    fireEvent.change(textarea(), { target: { value: 'Mulțumesc, aștept coletul.' } });
    unmount();
    render(<ReplyForm draftKey="draft:support-reply:1:T-0123456789" onSubmit={onSubmit} />);
    expect(textarea().value).toBe('Mulțumesc, aștept coletul.');
    render(<ReplyForm draftKey="draft:support-reply:1:T-ABCDEFGHJK" onSubmit={onSubmit} />);
    expect((screen.getAllByTestId('reply-form')[1]!.querySelector('textarea') as HTMLTextAreaElement).value).toBe('');
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('sends the cleaned text, clears the draft after success and shows a refusal', async () => {
    const onSubmit = vi.fn().mockResolvedValueOnce(undefined).mockRejectedValueOnce(new ApiError(422, 'Tichetul este închis și nu mai poate primi răspunsuri.'));
    render(<ReplyForm draftKey="draft:r" onSubmit={onSubmit} />);
    fireEvent.change(textarea(), { target: { value: '  <b>Bună</b>\r\nziua  ' } });
    fireEvent.submit(screen.getByTestId('reply-form'));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]![0]).toBe('<b>Bună</b>\nziua');
    await waitFor(() => expect(textarea().value).toBe(''));
    expect(localStorage.getItem('draft:r')).toBeNull();
    fireEvent.change(textarea(), { target: { value: 'Încă o întrebare' } });
    fireEvent.submit(screen.getByTestId('reply-form'));
    expect(await screen.findByTestId('form-error')).toHaveTextContent('Tichetul este închis');
    // A different message is a new attempt: a new key.
    expect(onSubmit.mock.calls[1]![2]).not.toBe(onSubmit.mock.calls[0]![2]);
  });
});
