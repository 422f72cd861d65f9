/** A message textarea with a live character counter against the contract's limit. */
import { Group, Text, Textarea } from '@mantine/core';
import { useId } from 'react';

export interface MessageFieldProps {
  label: string;
  value: string;
  onChange(value: string): void;
  max: number;
  error?: string;
  placeholder?: string;
  minRows?: number;
  required?: boolean;
}

export function MessageField({ label, value, onChange, max, error, placeholder, minRows = 5, required }: MessageFieldProps) {
  const counterId = useId();
  const near = value.length > max * 0.9;
  return (
    <div>
      <Textarea
        label={label}
        value={value}
        onChange={(e) => onChange(e.currentTarget.value)}
        error={error}
        placeholder={placeholder}
        rows={minRows}
        resize="vertical"
        maxLength={max}
        required={required}
        aria-describedby={counterId}
      />
      <Group justify="flex-end" mt={2}>
        <Text id={counterId} size="xs" c={near ? 'orange.8' : 'dimmed'} data-testid="message-counter">
          {value.length} / {max}
        </Text>
      </Group>
    </div>
  );
}
