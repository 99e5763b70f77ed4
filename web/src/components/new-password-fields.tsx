import { PASSWORD_RULE_MESSAGE } from '@wholesale/contract';
import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import { TextField } from './text-field';

interface NewPassword {
  newPassword: string;
  confirmPassword: string;
}

/** New Password (with the rule as its hint) and Confirm Password: Change Password's and Set Password's fields. */
export function NewPasswordFields<T extends NewPassword>({
  register,
  errors,
}: {
  register: UseFormRegister<T>;
  errors: FieldErrors<T>;
}) {
  // The two names are in every T; react-hook-form's path types cannot see that through the generic.
  const reg = register as unknown as UseFormRegister<NewPassword>;
  const errs = errors as FieldErrors<NewPassword>;
  return (
    <>
      <TextField
        label="New Password"
        type="password"
        autoComplete="new-password"
        hint={PASSWORD_RULE_MESSAGE}
        error={errs.newPassword?.message}
        {...reg('newPassword')}
      />
      <TextField
        label="Confirm Password"
        type="password"
        autoComplete="new-password"
        error={errs.confirmPassword?.message}
        {...reg('confirmPassword')}
      />
    </>
  );
}
