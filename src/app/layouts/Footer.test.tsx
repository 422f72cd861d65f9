import { describe, expect, it } from 'vitest';
import { render, screen, createTestQueryClient } from '#src/testing/test-utils.tsx';
import { markFirstScreenShown } from '#src/lib/when-idle.ts';
import { Footer } from './Footer.tsx';
import { masterQueryOptions } from '#src/lib/storefront/get-master.ts';
import { subpagesQueryOptions } from '#src/features/content/api/get-subpages.ts';
import { toStorefrontSettings } from '#src/lib/storefront/storefront-settings.ts';

function clientWith(master: Parameters<typeof toStorefrontSettings>[0]) {
  const queryClient = createTestQueryClient();
  queryClient.setQueryData(masterQueryOptions().queryKey, toStorefrontSettings(master));
  queryClient.setQueryData(subpagesQueryOptions().queryKey, [
    { id: 1, title: 'Despre noi', slug: 'about-us', section: 'about' as const, content: '' },
    { id: 2, title: 'Termeni și condiții', slug: 'terms-and-conditions', section: 'information' as const, content: '' },
  ]);
  return queryClient;
}

describe('Footer', () => {
  it('shows customer service, hours, the seller sign-up and accessibility links, ANPC and SAL at once, subpage links once idle, and the footer text', async () => {
    render(<Footer />, {
      queryClient: clientWith({ mobile: '+40721000111', email: 'contact@talcioc.ro', web_footer_text: 'Talcioc SRL.' }),
    });
    const year = String(new Date().getFullYear());
    expect(screen.getByText(/\+40 721 000 111/)).toBeInTheDocument();
    expect(screen.getByText(/contact@talcioc\.ro/)).toBeInTheDocument();
    expect(screen.getByText(/09:00 - 17:00/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Declarație de accesibilitate' })).toHaveAttribute('href', '/accessibility');
    expect(screen.getByRole('link', { name: /vânzător/i })).toHaveAttribute('href', '/shop/register');
    // Subpages are asked for once the page is idle after its first screen.
    expect(screen.queryByRole('link', { name: 'Termeni și condiții' })).toBeNull();
    markFirstScreenShown();
    expect(await screen.findByRole('link', { name: 'Termeni și condiții' }, { timeout: 3000 })).toHaveAttribute(
      'href',
      '/terms-and-conditions',
    );
    expect(screen.getByRole('link', { name: 'PROTECȚIA CONSUMATORILOR – A.N.P.C.' })).toHaveAttribute('href', 'https://anpc.ro/');
    expect(screen.getByRole('link', { name: /SAL/ })).toBeInTheDocument();
    expect(screen.getByTestId('copyright')).toHaveTextContent(`© ${year} Talcioc SRL.`);
  });

  it('falls back to the rights-reserved text when no footer text is set', () => {
    render(<Footer />, { queryClient: clientWith({ web_footer_text: null }) });
    expect(screen.getByTestId('copyright')).toHaveTextContent('Toate drepturile rezervate');
  });

  it('in English says "All rights reserved"', () => {
    render(<Footer />, { queryClient: clientWith({ web_footer_text: null }), lng: 'en' });
    expect(screen.getByTestId('copyright')).toHaveTextContent('All rights reserved');
  });

  it('is not shown when showFooter is off', () => {
    render(<Footer />, { queryClient: clientWith({ web_show_footer: false }) });
    expect(screen.queryByTestId('site-footer')).toBeNull();
  });
});
