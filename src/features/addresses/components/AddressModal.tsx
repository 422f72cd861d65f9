/** The address form as a modal (product §2 "address form (also as modal)"), e.g. from checkout. */
import { Modal } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Address, AddressInput } from '#contract/addresses.ts';
import { AddressForm } from './AddressForm.tsx';

export interface AddressModalProps {
  opened: boolean;
  onClose(): void;
  initial?: AddressInput;
  onSubmit(input: AddressInput): Promise<{ data: { address: Address } }>;
  onSaved?(address: Address): void;
  title?: string;
}

export function AddressModal({ opened, onClose, initial, onSubmit, onSaved, title }: AddressModalProps) {
  const { t } = useTranslation();
  return (
    <Modal opened={opened} onClose={onClose} title={title ?? t('address.add')} centered size="lg">
      {opened && (
        <AddressForm
          initial={initial}
          onCancel={onClose}
          onSubmit={async (input) => {
            const response = await onSubmit(input);
            onSaved?.(response.data.address);
            onClose();
          }}
        />
      )}
    </Modal>
  );
}
