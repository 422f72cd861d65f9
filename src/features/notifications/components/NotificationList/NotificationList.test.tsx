import { describe, expect, it, vi } from 'vitest';
import userEvent from '@testing-library/user-event';
import { render, screen } from '#src/testing/test-utils.tsx';
import type { AppNotification } from '#contract/engagement.ts';
import { NotificationList } from './NotificationList.tsx';

const note = (over: Partial<AppNotification>): AppNotification => ({
  id: 1,
  kind: 'ticket_reply',
  title: 'Răspuns la tichetul T-ABC',
  body: 'Echipa de suport ți-a răspuns',
  url: '/support-ticket/T-ABC',
  read_at: null,
  created_at: '2026-11-23T12:05:00Z',
  ...over,
});

describe('NotificationList', () => {
  it('marks unread ones for sight and for screen readers, links to the target, reports the open', async () => {
    const onOpen = vi.fn();
    render(
      <NotificationList notifications={[note({}), note({ id: 2, read_at: '2026-11-23T13:00:00Z', title: 'Citită' })]} onOpen={onOpen} />,
    );
    const [unread, read] = screen.getAllByTestId('notification');
    expect(unread).toHaveAttribute('data-unread', 'true');
    expect(unread).toHaveAttribute('href', '/support-ticket/T-ABC');
    expect(unread).toHaveTextContent('Necitită: Răspuns la tichetul T-ABC');
    expect(read).not.toHaveAttribute('data-unread');
    // Romanian date and time, whatever the interface language.
    expect(unread).toHaveTextContent(/23\.11\.2026, \d\d:05/);
    await userEvent.click(unread!);
    expect(onOpen).toHaveBeenCalledWith(expect.objectContaining({ id: 1 }));
  });

  it('shows text as text and never follows a link off the app', () => {
    render(
      <NotificationList
        notifications={[
          note({ title: '<img src=x onerror=alert(1)>', url: 'https://evil.example/x' }),
          note({ id: 3, url: '//evil.example' }),
        ]}
        onOpen={() => {}}
      />,
    );
    const [first, second] = screen.getAllByTestId('notification');
    expect(first).toHaveTextContent('<img src=x onerror=alert(1)>');
    expect(first!.querySelector('img')).toBeNull();
    expect(first).toHaveAttribute('href', '/notifications');
    expect(second).toHaveAttribute('href', '/notifications');
  });
});
