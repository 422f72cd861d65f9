/** A message textarea with a live character counter against the contract's limit. */
import { Group, Text, Textarea } from '@mantine/core';
import { useId } from 'react';
import type { FieldInputProps } from '#src/lib/use-schema-form.ts';

/** What `form.getInputProps(field)` gives, with the field's own settings. */
export interface MessageFieldProps extends FieldInputProps {
  label: string;
  max: number;
  placeholder?: string;
  minRows?: number;
  required?: boolean;
}

export function MessageField({ value = '', onChange, max, minRows = 5, ...input }: MessageFieldProps) {
  const counterId = useId();
  const near = value.length > max * 0.9;
  return (
    <div>
      <Textarea
        value={value}
        onChange={(e) => onChange(e.currentTarget.value)}
        {...input}
        rows={minRows}
        resize="vertical"
        maxLength={max}
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
