import { FormGroup, InputGroup, type InputGroupProps } from '@blueprintjs/core';
import { useId } from 'react';

export interface TextInputFieldProps extends Omit<InputGroupProps, 'id' | 'intent'> {
  label: string;
  name: string;
  error?: string;
}

/** Blueprint form group with the first validation message under the input. */
export function TextInputField({ label, name, error, ...input }: TextInputFieldProps) {
  const id = useId();
  return (
    <FormGroup
      label={label}
      labelFor={id}
      intent={error ? 'danger' : 'none'}
      helperText={error ? <span data-testid={`${name}-error`}>{error}</span> : undefined}
    >
      <InputGroup {...input} id={id} name={name} size="large" intent={error ? 'danger' : 'none'} />
    </FormGroup>
  );
}
