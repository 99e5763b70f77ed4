import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { QuantityStepper, typedQuantity } from './quantity-stepper';

function Harness({
  min = 0,
  initial = min,
  onEnter = () => {},
}: {
  min?: 0 | 1;
  initial?: number;
  onEnter?: (q: number) => void;
}) {
  const [value, setValue] = useState(initial);
  return (
    <QuantityStepper
      value={value}
      onChange={setValue}
      onEnter={() => onEnter(value)}
      min={min}
      label="Quantity of RB-1"
    />
  );
}

const setup = (props: Parameters<typeof Harness>[0] = {}) => {
  const user = userEvent.setup();
  render(<Harness {...props} />);
  return {
    user,
    field: screen.getByRole('textbox', { name: 'Quantity of RB-1' }),
    minus: screen.getByRole('button', { name: 'Decrease Quantity of RB-1' }),
    plus: screen.getByRole('button', { name: 'Increase Quantity of RB-1' }),
  };
};

describe('QuantityStepper', () => {
  it('starts at 0 on the search screen; minus stops at 0 and plus from 0 gives 1', async () => {
    const { user, field, minus, plus } = setup();
    expect(field).toHaveValue('0');
    expect(minus).toBeDisabled();
    await user.click(plus);
    expect(field).toHaveValue('1');
    await user.click(plus);
    expect(field).toHaveValue('2');
    await user.click(minus);
    await user.click(minus);
    expect(field).toHaveValue('0');
    expect(minus).toBeDisabled();
  });

  it('takes digits only and ignores a seventh digit', async () => {
    const { user, field } = setup();
    await user.clear(field);
    await user.type(field, '12a-3.4');
    expect(field).toHaveValue('1234');
    await user.type(field, '5678');
    expect(field).toHaveValue('123456');
    await user.clear(field);
    expect(field).toHaveValue('0');
    await user.type(field, '7');
    expect(field).toHaveValue('7');
  });

  it('replaces the 0 with the first digit typed, wherever the caret is', async () => {
    const { user, field } = setup();
    await user.click(field);
    (field as HTMLInputElement).setSelectionRange(0, 0);
    await user.keyboard('4');
    expect(field).toHaveValue('4');
    await user.keyboard('2');
    expect(field).toHaveValue('42');
  });

  it('calls onEnter with Enter', async () => {
    const onEnter = vi.fn();
    const { user, field } = setup({ onEnter });
    await user.clear(field);
    await user.type(field, '42{Enter}');
    expect(onEnter).toHaveBeenCalledWith(42);
  });

  it('stops plus at six digits', async () => {
    const { user, field, plus } = setup({ initial: 999_998 });
    await user.click(plus);
    expect(field).toHaveValue('999999');
    expect(plus).toBeDisabled();
  });

  it('keeps the basket editor at 1 or more with the buttons', async () => {
    const { user, field, minus, plus } = setup({ min: 1, initial: 2 });
    await user.click(minus);
    expect(field).toHaveValue('1');
    expect(minus).toBeDisabled();
    await user.click(plus);
    expect(field).toHaveValue('2');
  });

  it('reads typed text as a quantity', () => {
    expect(typedQuantity('', 5)).toBe(0);
    expect(typedQuantity('007', 5)).toBe(7);
    expect(typedQuantity('1e3', 5)).toBe(5);
    expect(typedQuantity('1234567', 5)).toBe(5);
    expect(typedQuantity('0000001', 5)).toBe(1);
    // A digit typed into '0', before or after it, replaces it.
    expect(typedQuantity('10', 0, '1')).toBe(1);
    expect(typedQuantity('07', 0, '7')).toBe(7);
    expect(typedQuantity('00', 0, '0')).toBe(0);
    expect(typedQuantity('10', 0, null)).toBe(10);
    expect(typedQuantity('15', 5, '1')).toBe(15);
  });
});
