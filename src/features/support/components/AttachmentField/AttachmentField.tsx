/**
 * The optional image of a ticket message: JPEG, PNG or WebP up to 5 MB, checked as soon as it is
 * chosen (the server checks the bytes again). A refused file is not kept; the message says why.
 */
import { useRef } from 'react';
import { FileInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ATTACHMENT_ACCEPT, attachmentError, formatFileSize } from '../../lib/attachment.ts';

export interface AttachmentFieldProps {
  value: File | null;
  onChange(file: File | null): void;
  /** The field's message (already translated): the client's check or the server's. */
  error?: React.ReactNode;
  onError(message: string | null): void;
  disabled?: boolean;
}

export function AttachmentField({ value, onChange, error, onError, disabled }: AttachmentFieldProps) {
  const { t, i18n } = useTranslation();
  const reset = useRef<() => void>(null);
  const pick = (file: File | null) => {
    if (!file) {
      onError(null);
      return onChange(null);
    }
    const problem = attachmentError(file);
    if (problem) {
      reset.current?.();
      onChange(null);
      return onError(t(problem));
    }
    onError(null);
    onChange(file);
  };
  return (
    <FileInput
      label={t('tickets.attachment')}
      description={t('tickets.attachment_hint')}
      placeholder={t('tickets.attachment_placeholder')}
      accept={ATTACHMENT_ACCEPT}
      value={value}
      onChange={pick}
      clearable
      resetRef={reset}
      error={error}
      disabled={disabled}
      valueComponent={({ value: file }) =>
        file instanceof File ? (
          <span>
            {file.name} ({formatFileSize(file.size, i18n.language)})
          </span>
        ) : null
      }
      fileInputProps={{ 'data-testid': 'attachment-input' } as React.ComponentProps<'input'>}
      clearButtonProps={{ 'aria-label': t('tickets.attachment_remove') } as React.ComponentProps<'button'>}
    />
  );
}
